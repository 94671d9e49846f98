/**
 * The main-thread budget markdown rendering may use per task, shared by every message on screen.
 *
 * The widget runs inside someone else's page: no task of ours may hold the page longer than
 * 50 ms (docs/hardening.md, "Hostile replies and the host page's main thread"). A stored
 * conversation can hold many long replies; each renders synchronously while the current task has
 * spent less than `TASK_BUDGET_MS` on markdown, and the rest is deferred to the next animation
 * frames (each a task of its own, with a fresh budget).
 */
export const TASK_BUDGET_MS = 16;

let taskStartedAt = -1;

/**
 * True while the current task has spent less than `TASK_BUDGET_MS` since its first markdown work,
 * with `reserve` ms of it still left (the expected cost of the work about to start).
 */
export function withinTaskBudget(reserve = 0): boolean {
  const now = performance.now();
  // A start long past means the reset below never ran (its timer was held back, or faked in a
  // test): this is another task.
  if (taskStartedAt < 0 || now - taskStartedAt > 1_000) {
    taskStartedAt = now;
    // Runs in a later task: the next task starts with a fresh budget.
    setTimeout(() => (taskStartedAt = -1));
  }
  return now - taskStartedAt + reserve < TASK_BUDGET_MS;
}

/** Starts a fresh budget, as a new task would (unit tests run many "tasks" in one). */
export function resetTaskBudget(): void {
  taskStartedAt = -1;
}
