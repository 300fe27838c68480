import qrcode from 'qrcode-generator';

// A QR code as plain SVG, for the images the Worker draws (the virtual background): square
// modules, a four-module quiet zone, error correction M. Plain on purpose: at the size a video
// call shows it, only a plain code is read by every phone camera.

/** The code's SVG and its side in modules (quiet zone included), to draw it at whole pixels a module. */
export function qrSvg(text: string, ink: string, quiet = 4) {
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const count = code.getModuleCount();
  const side = count + 2 * quiet;
  let path = '';
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++) if (code.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#ffffff"/><path d="${path}" fill="${ink}"/></svg>`;
  return { svg, side };
}
