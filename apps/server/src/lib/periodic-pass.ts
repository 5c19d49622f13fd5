/**
 * A background pass run on an interval (the mail outbox, the search plugin's feed): started with
 * the app and stopped before the database closes. Calls made while a pass runs share it rather
 * than start another, and `stop` waits for the one under way, so a pass never outlives the app.
 */
export class PeriodicPass<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  constructor(private readonly pass: () => Promise<T>) {}

  /** Runs a pass every `intervalMs` (a timer that keeps no process alive); a second start is ignored. */
  start(intervalMs: number, onError: (error: unknown) => void): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.run().catch(onError), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass now, or the one already under way. */
  run(): Promise<T> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
