// The native CLI, whole process: `pep validate FILE` and `pep export --to openai FILE >
// /dev/null`, median of `runs`; with a baseline pep the two binaries alternate run by run.
// Each run is timed by a small bash around it ($EPOCHREALTIME before and after), not from
// Node: spawning from Node's large process adds about 10 ms, a third of a 30 ms run.
// bench.json (the export benchmark's envelope) is the issue's table (≥ 300 MiB/s); the ~10 and
// 50 MiB envelopes of many small messages are the older figures (≥ 100 MB/s).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { alternate, median, mib, ms } from './lib.mjs';

/** Runs "$@" with its output to /dev/null; prints the wall-clock times before and after. */
const TIMED = 'start=$EPOCHREALTIME; "$@" >/dev/null; status=$?; end=$EPOCHREALTIME; echo "$start $end"; exit $status';

export async function cli(ctx, tenMb) {
  const { report } = ctx;
  const peps = ctx.builds.filter((b) => b.pep);
  if (!peps.length) return;
  console.log(`\n== native CLI: ${peps.map((b) => `${b.name} ${b.pep}`).join(', ')}`);
  const bench = join(ctx.envelopes, 'bench.json');
  const files = [bench, tenMb, join(ctx.envelopes, '50mb.json')].filter((f, i, all) => f && existsSync(f) && all.indexOf(f) === i);
  if (!existsSync(bench)) report.note('no bench.json: the table\'s pep figures are not measured');
  for (const file of files) {
    const size = statSync(file).size;
    const name = file.split('/').pop();
    const isBench = file === bench;
    for (const command of [['export', '--to', 'openai', file], ['validate', file]]) {
      const key = isBench ? `pep-${command[0]}-bench` : `pep-${command[0]}-${name}`;
      const times = new Map(peps.map((b) => [b.name, []]));
      const failures = new Map();
      for (let run = 0; run < ctx.RUNS; run++) {
        for (const build of alternate(peps, run)) {
          if (failures.has(build.name)) continue;
          const result = spawnSync('bash', ['-c', TIMED, 'bash', build.pep, ...command],
            { stdio: ['ignore', 'pipe', 'pipe'], timeout: ctx.TIMEOUT, env: { ...process.env, LC_ALL: 'C' } });
          const [start, end] = String(result.stdout ?? '').trim().split(' ').map(Number);
          const seconds = end - start;
          if (result.error || result.status !== 0) {
            failures.set(build.name, result.error?.code === 'ETIMEDOUT' ? `did not finish in ${ctx.TIMEOUT / 1000} s`
              : `exit ${result.status}: ${String(result.stderr ?? result.error).slice(0, 120)}`);
          } else if (Number.isFinite(seconds)) {
            times.get(build.name).push(seconds);
          } else {
            failures.set(build.name, 'bash printed no times (bash 5 has $EPOCHREALTIME)');
          }
        }
      }
      const figure = `pep ${command.slice(0, -1).join(' ')} ${name} (${mib(size)}; whole process, median)`;
      for (const build of peps) {
        if (failures.has(build.name)) {
          report.add(build.name, key, { figure, value: failures.get(build.name), target: isBench ? '≥ 300 MiB/s' : '≥ 100 MB/s', ok: false });
          continue;
        }
        const t = median(times.get(build.name));
        const rate = size / 1024 / 1024 / t;
        report.add(build.name, key, { figure, value: `${rate.toFixed(0)} MiB/s`, detail: `(${ms(t * 1000)})`,
          target: isBench ? '≥ 300 MiB/s' : '≥ 100 MB/s', ok: isBench ? rate >= 300 : rate * 1.048576 >= 100 });
      }
    }
  }
}
