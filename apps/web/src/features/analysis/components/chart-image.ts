/** What 'Save as image' writes above the chart: the title and a line per period. */
export interface ChartImageHeading {
  title: string;
  lines: string[];
}

/**
 * The chart's PNG with its heading drawn above it on a white background (the page shows the
 * title and the periods beside the canvas; the saved image must carry them on its own).
 */
export function chartPng(chart: HTMLCanvasElement, heading: ChartImageHeading, ratio: number, font: string): string {
  const pad = 16 * ratio;
  const titleSize = 20 * ratio;
  const lineSize = 13 * ratio;
  const lineHeight = 19 * ratio;
  const headingHeight = pad + titleSize + 8 * ratio + heading.lines.length * lineHeight;
  const out = document.createElement('canvas');
  out.width = chart.width;
  out.height = headingHeight + chart.height;
  const context = out.getContext('2d');
  if (!context) return chart.toDataURL('image/png');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, out.width, out.height);
  context.textBaseline = 'top';
  context.fillStyle = 'rgba(0, 0, 0, 0.87)';
  context.font = `600 ${titleSize}px ${font}`;
  context.fillText(heading.title, pad, pad, out.width - 2 * pad);
  context.fillStyle = 'rgba(0, 0, 0, 0.6)';
  context.font = `${lineSize}px ${font}`;
  heading.lines.forEach((line, i) => {
    context.fillText(line, pad, pad + titleSize + 8 * ratio + i * lineHeight, out.width - 2 * pad);
  });
  context.drawImage(chart, 0, headingHeight);
  return out.toDataURL('image/png');
}
