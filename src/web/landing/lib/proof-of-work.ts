/**
 * The contact form's proof of work in the browser (decision 037): the `altcha` widget's code
 * loads only when asked — a visitor focusing the form or opening the contact dialog — and solves
 * the server's challenge in background workers with nothing on screen to click. The landing's
 * first load carries none of it (bench/bundles.ts).
 */

type Solver = typeof import('./proof-of-work-widget');

let solver: Promise<Solver> | null = null;

/** Starts loading the widget and solving a challenge (idempotent; a failed load is retried later). */
export function startProofOfWork(): void {
  if (solver) return;
  solver = import('./proof-of-work-widget').then((module) => {
    module.solveInBackground();
    return module;
  });
  solver.catch(() => {
    solver = null;
  });
}

/**
 * The solved challenge for a submission (the widget's base64 payload), waiting for the solver at
 * most `timeoutMs`; then a new challenge starts solving for the next submission. Undefined when
 * no solution came in time: the server then keeps the lead, quarantined, rather than lose it.
 */
export async function takeProofOfWork(timeoutMs = 15_000): Promise<string | undefined> {
  startProofOfWork();
  try {
    const module = await solver;
    return await module?.takeSolution(timeoutMs);
  } catch {
    return undefined;
  }
}
