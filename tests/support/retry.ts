// Waits for a condition instead of sleeping: retries the assertion until it passes or time runs out.
export async function eventually<T>(
  assertion: () => Promise<T> | T,
  timeoutMs = 5000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
