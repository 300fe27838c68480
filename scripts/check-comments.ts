// No comment, test name or doc cites one of our issues: a reader of the code has no tracker, so the
// reason belongs in the comment itself, in docs/product.md or in a decision record (docs/decisions/).
// `npm run check` runs this first (`npm run check:comments` alone); it names each citation as
// file:line:column and exits 1.
//
// What counts as a citation: the word issue, task or ticket (singular or plural) followed by a
// number, with or without a hash or a dash between them, and a number written alone with a hash
// where it points at an issue: in parentheses, after see, fixes, closes, refs and the like, or
// opening a comment. test/scripts/check-comments.test.ts holds the examples of each. What does
// not: the word in its other senses (a problem; the verb, as in issuing a token or codes),
// colours, other projects' issues written with their name or address, a line that gives the
// upstream issue's URL with the same number, PKCS#7 and anchors in a document's address.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Citation = { line: number; column: number; text: string };
export type Finding = Citation & { file: string };

// The word, then a space, a hash or a dash, then the number; the word and the number run
// together (a word in a list) are no citation.
const WORD = /\b(issues?|tasks?|tickets?)(?:\s+#?\s*|\s*#|-)([1-9]\d*)\b/gi;
// A number alone with its hash: in parentheses, alone or in a list; after a word that points at
// it; opening a comment or a line. One to four digits with no leading zero, so a hash and zeros,
// or six hex digits, are colours.
const ALONE = [
  /\(#([1-9]\d{0,3})(?=\)|,|;|\s+(?:and|or)\b|\s*[-–]\s*#?\d)/g,
  /\b(?:see|fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved|refs?|re|per|cf\.?)\s+#([1-9]\d*)\b/gi,
  /(?:^|\/\/|\/\*+|^\s*\*|--|<!--|^\s*#)\s*#([1-9]\d{0,3})(?=[:.)]?(?:\s|$))/g,
];
// The words before the word that make it the verb (to, we, they ...), followed by a count of what is issued.
const VERB_BEFORE = new Set(
  (
    'to we they you i will would can could may might must shall should ' +
    'never always cannot does do did not also then'
  ).split(' '),
);
// After a plural, a reference is a list (numbers joined by and, or, a comma or a dash) or ends the
// phrase; the plural followed by a count of things ('the Worker issues two cookies') is the verb.
const AFTER_PLURAL = /^\s*(?:[,;:.)\]]|$|'s\b|(?:and|or|to|&)\s+#?\d|[-–]\s*#?\d)/i;
// An upstream issue given by its address: the line holds .../issues/1234 (or pull, discussions).
const upstream = (line: string, number: string) =>
  new RegExp(`/(?:issues|pull|pulls|discussions)/${number}\\b`).test(line);

/** Each citation of an issue of ours in a text, with its line and column (both from 1). */
export function issueCitations(text: string): Citation[] {
  const found: Citation[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const add = (at: number, match: string) => found.push({ line: index + 1, column: at + 1, text: match });
    for (const match of line.matchAll(WORD)) {
      const [whole, word, number] = match as unknown as [string, string, string];
      const before = /([A-Za-z']+)\s+$/.exec(line.slice(0, match.index))?.[1]?.toLowerCase() ?? '';
      if (VERB_BEFORE.has(before) || upstream(line, number)) continue;
      if (/s$/i.test(word) && !AFTER_PLURAL.test(line.slice(match.index + whole.length))) continue;
      add(match.index, whole);
    }
    for (const pattern of ALONE) {
      for (const match of line.matchAll(pattern)) {
        const number = match[1]!;
        if (upstream(line, number)) continue;
        add(match.index + match[0].indexOf('#'), `#${number}`);
      }
    }
  });
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

// Never ours to check: installed packages, build output, local state and test reports (also
// ignored by git, named here so a file that was force-added there still cannot fail the check).
const NOT_OURS = /^(?:node_modules|dist|\.wrangler|test-results|playwright-report|coverage|\.vite)\//;
// Data, not prose: catalogues and schemas (JSON), word lists, images and fonts, the lockfile.
const DATA =
  /\.(?:json|txt|svg|webmanifest|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|wasm|pdf|zip|gz|br|pkpass|p12|pem|der)$/i;
// The checker and its test quote the citations they look for.
const QUOTES_THE_PATTERNS = new Set(['scripts/check-comments.ts', 'test/scripts/check-comments.test.ts']);

/** The files the check reads: tracked and new ones git does not ignore, source and docs alike. */
export function filesToCheck(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0').filter(Boolean))]
    .filter((file) => !NOT_OURS.test(file) && !file.includes('/node_modules/'))
    .filter((file) => !DATA.test(file) && !QUOTES_THE_PATTERNS.has(file))
    .sort();
}

/** Every citation in the repository at `root`. */
export function checkRepository(root: string): Finding[] {
  const findings: Finding[] = [];
  for (const file of filesToCheck(root)) {
    let text: string;
    try {
      text = readFileSync(`${root}/${file}`, 'utf8');
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    if (text.includes('\0')) continue; // binary
    for (const citation of issueCitations(text)) findings.push({ file, ...citation });
  }
  return findings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The repository this script is in, or the one named (the test runs it on one of its own).
  const root = (process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url))).replace(/\/$/, '');
  const findings = checkRepository(root);
  for (const { file, line, column, text } of findings)
    console.error(`${file}:${line}:${column}: cites an issue: ${text}`);
  if (findings.length > 0) {
    console.error(
      `\n${findings.length} issue citation(s). Say the reason in the comment itself, or point to docs/product.md or docs/decisions/: a reader has no tracker.`,
    );
    process.exit(1);
  }
  console.log(`no issue citations in ${filesToCheck(root).length} files`);
}
