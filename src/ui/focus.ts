/** Moves focus to the composer; used wherever the focused control is about to go away. */
export function focusComposer(from: Element | null | undefined): void {
  from?.closest('.panel')?.querySelector<HTMLElement>('[part="composer-input"]')?.focus();
}
