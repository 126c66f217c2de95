/**
 * Retries `check` until it passes or `timeoutMs` runs out, then throws its last error. For
 * effects that travel through the database asynchronously (a NOTIFY reaching another listener).
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 3_000, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}
