// The IIFE entry: defines window.ServiceWidget and nothing else (no DOM, listener or request).
import { init, version } from './init';

window.ServiceWidget = { init, version };
