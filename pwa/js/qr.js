// A QR code as an SVG string, from the vendored qrcode-generator (loaded only
// when the share screen needs it).
export async function qrSvg(text, title) {
  const { default: qrcode } = await import("/vendor/qrcode.mjs");
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 8, scalable: true, title: { text: title, id: "qr-title" } });
}
