/** One row of the bench's table: what was measured, how, the figure, and the goal it is judged against. */
export type Row = [what: string, measure: string, value: string, goal?: string, met?: boolean];

/** A Markdown table of `cells`, the first row its heading. */
export function table(cells: string[][]): string {
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(cells[0]!), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}
