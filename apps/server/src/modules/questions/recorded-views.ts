/**
 * The views this process has seen recorded today, by question and visitor. A view is counted
 * once per visitor and day by the view records' unique key; a repeat view the same day would
 * only meet that key (an insert that changes nothing, yet a write on every member's page and
 * every guest's cached page), so a view known here is not sent. Per process: another process
 * sends the repeat once and then knows it too. Rows of view records are never deleted, so
 * what is known stays true; a new day starts empty, and a full set is emptied (bounded memory).
 */
export class RecordedViews {
  private day = -1;
  private readonly known = new Set<string>();

  constructor(private readonly limit = 20_000) {}

  has(day: number, questionId: string, visitor: string): boolean {
    return day === this.day && this.known.has(`${questionId} ${visitor}`);
  }

  add(day: number, questionId: string, visitor: string): void {
    if (day !== this.day || this.known.size >= this.limit) {
      this.known.clear();
      this.day = day;
    }
    this.known.add(`${questionId} ${visitor}`);
  }
}
