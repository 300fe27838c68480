import qrcode from 'qrcode-generator';

// Every QR code we draw (the card's, the virtual background's, the authenticator's) is encoded
// here (decision 79). A valid code is not always a readable one: the data modules can form the finder
// pattern's 1:1:3:1:1 rhythm across and down, and a decoder that scans for finder patterns then
// counts the lookalike as a corner. ZXing's JavaScript port, for one, kept the lookalike and
// dropped a real corner for about one card URL in twenty (test/scripts/qr-code.test.ts). The same
// text can be encoded in more than one way (split into two byte segments, or one version up),
// and decoders join the segments back, so we pick the first encoding without a lookalike.

export type QrLevel = ErrorCorrectionLevel;

/** A code's modules, quiet zone not included: `size` by `size`, true where dark. */
export interface QrMatrix {
  size: number;
  isDark(row: number, col: number): boolean;
}

function encode(segments: string[], version: number, level: QrLevel): boolean[][] | null {
  const code = qrcode(version as TypeNumber, level);
  for (const segment of segments) code.addData(segment, 'Byte');
  try {
    code.make();
  } catch {
    return null; // the text does not fit this version
  }
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => code.isDark(row, col)));
}

type Run = { dark: boolean; length: number; start: number };

function runsOf(line: boolean[]): Run[] {
  const runs: Run[] = [];
  let start = 0;
  for (let i = 1; i <= line.length; i++)
    if (i === line.length || line[i] !== line[start]) {
      runs.push({ dark: line[start]!, length: i - start, start });
      start = i;
    }
  return runs;
}

const total = (lengths: number[]) => lengths.reduce((sum, length) => sum + length, 0);

/** Five runs in the finder's 1:1:3:1:1 within the tolerance decoders allow (half a module). */
function finderRhythm(lengths: number[]) {
  const module = total(lengths) / 7;
  const slack = module / 2;
  return lengths.every((length, i) => Math.abs(length - (i === 2 ? 3 * module : module)) < (i === 2 ? 3 : 1) * slack);
}

/**
 * The places outside the three real corners where the modules read as a finder pattern both
 * across and down, as a scanner's cross-check sees them.
 */
export function finderLookalikes(modules: boolean[][]) {
  const size = modules.length;
  const inCorner = (row: number, col: number) =>
    (row < 7 && (col < 7 || col >= size - 7)) || (row >= size - 7 && col < 7);
  const columns = Array.from({ length: size }, (_, col) => runsOf(modules.map((line) => line[col]!)));
  const downAt = (col: number, row: number, across: number[]) => {
    const runs = columns[col]!;
    const k = runs.findIndex((run) => row >= run.start && row < run.start + run.length);
    if (k < 2 || k + 2 >= runs.length || !runs[k]!.dark) return false;
    return crossChecks(
      across,
      runs.slice(k - 2, k + 3).map((run) => run.length),
    );
  };
  const found: [number, number][] = [];
  for (let row = 0; row < size; row++) {
    const runs = runsOf(modules[row]!);
    for (let i = 0; i + 4 < runs.length; i++) {
      const across = runs.slice(i, i + 5).map((run) => run.length);
      if (!runs[i]!.dark || !finderRhythm(across)) continue;
      const middle = runs[i + 2]!;
      const half = (middle.length - 1) / 2;
      // An even middle run has two centre columns; a scanner may land on either.
      const col = [middle.start + Math.floor(half), middle.start + Math.ceil(half)].find(
        (c) => !inCorner(row, c) && downAt(c, row, across),
      );
      if (col !== undefined) found.push([row, col]);
    }
  }
  return found;
}

/**
 * Whether a scanner that found the rhythm `across` keeps it after looking `down` the middle:
 * ZXing's cross-check (the outer runs no longer than the middle one across, the two totals within
 * 40 %), and a module size near enough the code's own (5 to 10 modules across, where 7 is the
 * real one) that the candidate is not discarded as a different code's.
 */
function crossChecks(across: number[], down: number[]) {
  const width = total(across);
  if (width < 5 || width > 10) return false;
  if (5 * Math.abs(total(down) - width) >= 2 * width) return false;
  if (down.some((length, i) => i !== 2 && length > across[2]!)) return false;
  return finderRhythm(down);
}

const asMatrix = (modules: boolean[][]): QrMatrix => ({
  size: modules.length,
  isDark: (row, col) => modules[row]![col]!,
});

/**
 * The code for `text` (ASCII, as our URLs are) at error correction `level` that has no finder lookalike: as one segment
 * when that is clean, else split in two segments, at the smallest version first, then one up.
 * Should no encoding be clean (none was, of 2,000 card URLs at M and at H), the one with the fewest.
 */
export function scannableQr(text: string, level: QrLevel): QrMatrix {
  const whole = encode([text], 0, level)!;
  let best = { modules: whole, lookalikes: finderLookalikes(whole).length };
  if (best.lookalikes === 0) return asMatrix(whole);
  const smallest = (whole.length - 17) / 4;
  for (const version of [smallest, smallest + 1].filter((v) => v <= 40))
    for (let cut = text.length - 1; cut >= 1; cut--) {
      const modules = encode([text.slice(0, cut), text.slice(cut)], version, level);
      if (!modules) continue;
      const lookalikes = finderLookalikes(modules).length;
      if (lookalikes === 0) return asMatrix(modules);
      if (lookalikes < best.lookalikes) best = { modules, lookalikes };
    }
  return asMatrix(best.modules);
}

/**
 * The code as plain SVG: square modules, a quiet zone of `quiet` modules, white behind; `pixels`
 * wide and high when given, else as wide as where it is put.
 */
export function plainQrSvg(
  code: QrMatrix,
  ink: string,
  { quiet = 4, pixels }: { quiet?: number; pixels?: number } = {},
) {
  const side = code.size + 2 * quiet;
  let path = '';
  for (let row = 0; row < code.size; row++)
    for (let col = 0; col < code.size; col++)
      if (code.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  const size = pixels ? ` width="${pixels}" height="${pixels}"` : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg"${size} viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#ffffff"/><path d="${path}" fill="${ink}"/></svg>`;
  return { svg, side };
}
