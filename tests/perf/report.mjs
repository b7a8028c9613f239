// The harness's figures: each printed as it is measured, and at the end one summary — the
// issue's table first (in its order, whether measured or not), then every other figure in the
// order it was first measured. With a baseline build the summary has the columns
// `figure | baseline | current | target | verdict (current)`.

export class Report {
  /** `builds`: the names of the builds, in column order (e.g. ['baseline', 'current']). */
  constructor(builds) {
    this.builds = builds;
    this.rows = new Map();
    this.tableKeys = [];
  }

  /** A row of the table: listed first in the summary even when nothing was measured for it. */
  table(key, figure, target) {
    this.tableKeys.push(key);
    this.rows.set(key, { figure, target, values: {}, table: true });
  }

  /**
   * One figure of one build. `value` is short (it goes in the summary); `detail` is printed
   * after it when measured. `ok` true / false gives the verdict (undefined: none, a reference).
   */
  add(build, key, { figure, value, detail = '', target = '', ok }) {
    let row = this.rows.get(key);
    if (!row) {
      row = { figure, target, values: {} };
      this.rows.set(key, row);
    }
    if (!row.figure) row.figure = figure;
    if (!row.target) row.target = target;
    row.values[build] = { value, ok };
    const shown = row.target ? `   (target ${row.target}${ok === undefined ? '' : `: ${verdictOf(ok)}`})` : '';
    const who = this.builds.length > 1 ? `[${build}] ` : '';
    console.log(`  ${who}${row.figure}: ${value}${detail ? ` ${detail}` : ''}${shown}`);
  }

  /** A note (not a figure): printed, not summarised. */
  note(text) {
    console.log(`  ${text}`);
  }

  summary() {
    const keys = [...this.tableKeys, ...[...this.rows.keys()].filter((k) => !this.tableKeys.includes(k))];
    const header = ['figure', ...this.builds, 'target', this.builds.length > 1 ? 'verdict (current)' : 'verdict'];
    const lines = keys.map((key) => {
      const row = this.rows.get(key);
      const current = row.values.current;
      const judged = current === undefined ? (row.table ? 'not measured' : '') : current.ok === undefined ? '' : verdictOf(current.ok);
      return [row.figure, ...this.builds.map((b) => row.values[b]?.value ?? '—'), row.target || '', judged];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const format = (cells) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join(' | ').trimEnd();
    const rule = widths.map((w) => '-'.repeat(w)).join('-|-');
    const out = [format(header), rule];
    lines.forEach((line, i) => {
      if (i === this.tableKeys.length && i > 0) out.push(format(['(other figures)', ...header.slice(1).map(() => '')]));
      out.push(format(line));
    });
    return out.join('\n');
  }
}

const verdictOf = (ok) => (ok ? 'met' : 'NOT met');
