export declare const SCRIPT_FILE: 'widget.js';
export declare const RUNTIME_FILES: { readonly voice: 'widget-voice.js'; readonly chart: 'widget-chart.js' };
