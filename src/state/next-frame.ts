/**
 * After the next frame is drawn, or after 100 ms where no frame is drawn (a hidden page). Work that
 * the visitor does not see at once (a request, the answer's buttons) waits for it, so the press
 * that caused it paints first.
 */
export const nextFrame = (): Promise<void> =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => (clearTimeout(timer), resolve())));
  });
