// npm run release -- <major|minor|patch|X.Y.Z>: a release is a commit and a tag. From a clean
// tree whose CHANGELOG.md has entries under Unreleased, it moves them under the new version with
// today's date, renames release-needs.json's Unreleased entry, sets the version in package.json and
// package-lock.json, regenerates what is made from the version (the API reference), commits, and
// tags vX.Y.Z with the release's entries. Which number to choose is
// docs/upgrading.md's (what a version number promises). Run from the repository's root.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const CHANGELOG = 'CHANGELOG.md';
const NEEDS = 'release-needs.json';
const UNRELEASED = '## [Unreleased]';

type Semver = [number, number, number];
const parse = (version: string): Semver | null => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
};
const later = (a: Semver, b: Semver) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The next version: a bump of `current`, or one given in full. */
function nextVersion(current: string, asked: string): string | null {
  const now = parse(current);
  if (!now) return null;
  const [major, minor, patch] = now;
  if (asked === 'major') return `${major + 1}.0.0`;
  if (asked === 'minor') return `${major}.${minor + 1}.0`;
  if (asked === 'patch') return `${major}.${minor}.${patch + 1}`;
  const given = parse(asked);
  return given && later(given, now) > 0 ? asked : null;
}

/** The changelog with Unreleased's entries under `## [version] - date`, and those entries; null when there are none. */
function moveUnreleased(changelog: string, version: string, date: string) {
  const start = changelog.indexOf(UNRELEASED);
  if (start < 0) return null;
  const after = start + UNRELEASED.length;
  const next = changelog.indexOf('\n## [', after);
  const end = next < 0 ? changelog.length : next + 1;
  const entries = changelog.slice(after, end).trim();
  if (!/^\s*[-*] /m.test(entries)) return null;
  const released = `${UNRELEASED}\n\n## [${version}] - ${date}\n\n${entries}\n\n`;
  return { changelog: changelog.slice(0, start) + released + changelog.slice(end), entries };
}

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

function refuse(message: string): never {
  console.error(`Refusing to release: ${message}\nNothing was changed.`);
  process.exit(1);
}

function main(asked: string | undefined) {
  if (!asked || process.argv.length > 3) refuse('say which release: npm run release -- <major|minor|patch|X.Y.Z>');
  const dirty = git('status', '--porcelain');
  if (dirty) refuse(`the working tree has changes; commit or put them aside first:\n${dirty}`);
  const pkg = readFileSync('package.json', 'utf8');
  const current = (JSON.parse(pkg) as { version: string }).version;
  const version = nextVersion(current, asked);
  if (!version) refuse(`"${asked}" is not major, minor, patch or a version after ${current}.`);
  if (git('tag', '--list', `v${version}`)) refuse(`the tag v${version} exists already.`);
  const changelog = readFileSync(CHANGELOG, 'utf8');
  if (changelog.includes(`## [${version}]`)) refuse(`${CHANGELOG} has a section for ${version} already.`);
  const date = new Date().toISOString().slice(0, 10);
  const moved = moveUnreleased(changelog, version, date);
  if (!moved)
    refuse(
      `${CHANGELOG} has no entries under ${UNRELEASED}: write what this release changes there first (Keep a Changelog).`,
    );

  writeFileSync(CHANGELOG, moved.changelog);
  // The version is replaced as text, so the files keep their formatting.
  const setVersion = (text: string, times: number) => {
    let left = times;
    return text.replace(/"version": "[^"]+"/g, (found) => (left-- > 0 ? `"version": "${version}"` : found));
  };
  writeFileSync('package.json', setVersion(pkg, 1));
  if (existsSync('package-lock.json')) {
    // The lock names the project's version twice: at its top and as the root package.
    writeFileSync('package-lock.json', setVersion(readFileSync('package-lock.json', 'utf8'), 2));
  }
  if (existsSync(NEEDS)) {
    const needs = JSON.parse(readFileSync(NEEDS, 'utf8')) as Record<string, unknown>;
    const { Unreleased: unreleased, ...released } = needs;
    const renamed = {
      Unreleased: { bindings: [], secrets: [] },
      [version]: unreleased ?? { bindings: [], secrets: [] },
    };
    writeFileSync(NEEDS, `${JSON.stringify({ ...renamed, ...released }, null, 2)}\n`);
  }
  // The API reference names the version (scripts/openapi/render.ts): made again, or its test fails.
  if ((JSON.parse(pkg) as { scripts?: Record<string, string> }).scripts?.openapi) {
    try {
      execFileSync('npm', ['run', '-s', 'openapi'], { stdio: 'inherit' });
    } catch {
      git('checkout', '--', '.');
      refuse('`npm run openapi` failed (above); the files it had changed are put back.');
    }
  }
  // The tree was clean: every change to a tracked file is the release's.
  git('add', '-u');
  git('commit', '-q', '-m', `Release ${version}`);
  git('tag', '-a', `v${version}`, '-m', `Release ${version} (${date})\n\n${moved.entries}`);
  console.log(
    `Released ${version}: commit ${git('rev-parse', '--short', 'HEAD')}, tag v${version}.\n` +
      'Push both (git push --follow-tags), then deploy it: npm run deploy (docs/upgrading.md).',
  );
}

main(process.argv[2]);
