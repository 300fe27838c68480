import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRepository, filesToCheck, issueCitations } from '../../scripts/check-comments';

// A comment, test name or doc that cites one of our issues says nothing to a reader, who has no
// tracker (docs/development.md): `npm run check` fails on one, and none is left in the repository.

const repo = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const cited = (text: string) => issueCitations(text).map((citation) => citation.text);

describe('what counts as citing an issue', () => {
  it.each([
    ['// Title and company (issue 22), drawn as far as the fonts can.', ['issue 22']],
    ["// Issue 26, item 6: the API answers in the caller's language.", ['Issue 26']],
    ['/* Toasts (issue 23): at the bottom. */', ['issue 23']],
    ['// as issues 12 and 14 asked', ['issues 12']],
    ['// fixed by issues 12-14', ['issues 12']],
    ['// one bound per network (issues 3, 4)', ['issues 3']],
    ['// the retry waits for the chunk (#35)', ['#35']],
    ['// two retries (#35, #36)', ['#35']],
    ['// see #35 for the numbers', ['#35']],
    ['Fixes #41.', ['#41']],
    ['// #35: the first drag was lost', ['#35']],
    ['// task 7: the bench section', ['task 7']],
    ['// done in ticket 9', ['ticket 9']],
    ["-- Compact's description says what it draws (issue 23).", ['issue 23']],
    ['# Issue #24: the CI step', ['Issue #24']],
    ['<!-- issue-42 -->', ['issue-42']],
    ["  it('offers show and hide on every password field (issue 23)', async () => {", ['issue 23']],
    ['Date: 2026-11-26 (issue 23). Replaces the dialog.', ['issue 23']],
    ['// the notes are in /work/wt/issues/issue-42.md', ['issue-42']],
    ["// The console speaks English (issue 26 covers the people's screens)", ['issue 26']],
  ])('%s', (text, expected) => {
    expect(cited(text)).toEqual(expected);
  });
});

describe('what does not', () => {
  it.each([
    '// an issue with the cache, and the issues it caused',
    '// each refresh issues a token valid 30 more days',
    '// the Worker issues 2 cookies per sign-in',
    '// asked to issue 10 recovery codes, we issue 3 tokens',
    "  text_color: '#000', background: '#F3E8DC', accent: '#1DA1F2',",
    '  color: #333333; border-color: black (#000);',
    '// upstream: https://github.com/cloudflare/workers-sdk/issues/1234',
    '// wrangler drops the header, issue 1234 (https://github.com/cloudflare/workers-sdk/issues/1234)',
    '// workerd #4321 as https://github.com/cloudflare/workerd/pull/4321 describes',
    '// as linkstack #920 does',
    '// cloudflare/workerd#1234 is still open',
    '// a PKCS#7 signature over a PKCS#8 key',
    '([deploying.md](deploying.md#9-the-first-operator))',
    '# 74. The editor is URL-first',
    "      'Ana Operator dismissed report #12 on @bob',",
    'issue43',
    '// (README, Decisions: bounds); docs/product.md §5; decision 74; docs/decisions/0075',
    '// step 4, item 2 of the checklist',
  ])('%s', (text) => {
    expect(issueCitations(text)).toEqual([]);
  });
});

it('names the line and column of each citation', () => {
  const text = ['const a = 1;', '  // the retry (issue 9)', '', '/* task 7 and (#35) */'].join('\n');
  expect(issueCitations(text)).toEqual([
    { line: 2, column: 17, text: 'issue 9' },
    { line: 4, column: 4, text: 'task 7' },
    { line: 4, column: 16, text: '#35' },
  ]);
});

describe('the repository', () => {
  it('reads the source, tests, configuration, migrations and docs', () => {
    const files = filesToCheck(repo);
    for (const file of [
      'README.md',
      'docs/product.md',
      'worker/app.ts',
      'web/src/styles/index.css',
      'web/index.html',
      'shared/constants.ts',
      'migrations/0012_template_descriptions.sql',
      'wrangler.toml',
      'vite.config.ts',
      'eslint.config.js',
      'test/web/toasts.test.tsx',
    ])
      expect(files).toContain(file);
  });

  it('cites no issue anywhere', () => {
    expect(checkRepository(repo)).toEqual([]);
  });
});

describe('on a repository with citations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-comments-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  write('.gitignore', 'node_modules/\ndist/\n.wrangler/\ntest-results/\n');
  write('src/a.ts', 'export const a = 1;\n// the retry (issue 9)\n');
  write('docs/b.md', 'Nothing to see.\n');
  write('data.json', '{ "note": "issue 4" }\n');
  for (const file of ['node_modules/p/index.js', 'dist/app.js', '.wrangler/state/x.js', 'test-results/r.md'])
    write(file, '// issue 1\n');
  git('add', '.');
  // Build output added by mistake is still not ours to check.
  git('add', '-f', 'dist/app.js');
  // A new file not yet added is checked as it is written.
  write('src/new.ts', '// task 3: the new part\n');
  const cli = () => spawnSync(process.execPath, [join(repo, 'scripts/check-comments.ts'), dir], { encoding: 'utf8' });

  it('finds them in source and new files, never in installed packages, build output or reports', () => {
    expect(checkRepository(dir)).toEqual([
      { file: 'src/a.ts', line: 2, column: 15, text: 'issue 9' },
      { file: 'src/new.ts', line: 1, column: 4, text: 'task 3' },
    ]);
  });

  it('fails naming file:line:column, and passes once they are rewritten', () => {
    const failing = cli();
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain('src/a.ts:2:15: cites an issue: issue 9');
    expect(failing.stderr).toContain('src/new.ts:1:4: cites an issue: task 3');
    write('src/a.ts', 'export const a = 1;\n// the retry waits for the chunk: a phone may have lost its signal\n');
    write('src/new.ts', '// the new part (docs/product.md §2)\n');
    const passing = cli();
    expect(passing.stderr).toBe('');
    expect(passing.status).toBe(0);
  });
});
