import { Link } from '../links';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** The link of a page number (keeps the rest of the query). */
  href(page: number): string;
  labels: { nav: string; previous: string; next: string; page: (n: number) => string };
}

/** Pages as plain links, so lists page with JavaScript off and crawlers follow them. */
export function Pagination({ page, pageSize, total, href, labels }: PaginationProps) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  const numbers = pageWindow(page, last);
  const item =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm border-gray-300 text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800';
  return (
    <nav aria-label={labels.nav} className="mt-6 flex flex-wrap items-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} className={item} rel="prev">
          {labels.previous}
        </Link>
      ) : null}
      {numbers.map((n, i) =>
        n === 0 ? (
          <span key={`gap-${i}`} className="px-2 text-gray-500" aria-hidden="true">
            …
          </span>
        ) : n === page ? (
          <span
            key={n}
            aria-current="page"
            className={`${item} border-transparent bg-primary-solid text-on-primary-solid hover:bg-primary-solid`}
          >
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} className={item} aria-label={labels.page(n)}>
            {n}
          </Link>
        ),
      )}
      {page < last ? (
        <Link to={href(page + 1)} className={item} rel="next">
          {labels.next}
        </Link>
      ) : null}
    </nav>
  );
}

/** 1 … 4 5 6 … 20: the first, the last and two either side of the current; 0 marks a gap. */
export function pageWindow(page: number, last: number): number[] {
  const wanted = new Set([1, last, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...wanted].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
  const result: number[] = [];
  for (const n of sorted) {
    const previous = result[result.length - 1];
    if (previous !== undefined && n - previous > 1) result.push(0);
    result.push(n);
  }
  return result;
}
