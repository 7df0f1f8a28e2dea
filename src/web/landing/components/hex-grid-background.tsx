import * as React from 'react';
import { isMobileLayout, motionPaused, onMotionChange } from '../lib/motion';

/** Cell radius (centre to corner) in CSS px: 32 on desktop, 20 on mobile (docs/product.md §14.1). */
export const HEX_RADIUS = 32;
export const HEX_RADIUS_MOBILE = 20;
/** Cells kept lit behind the pointer (docs/product.md §14.1). */
export const HEX_TRAIL_LENGTH = 7;
/** How long a lit cell takes to fade once the pointer rests. */
const FADE_MS = 900;

interface Cell {
  col: number;
  row: number;
  at: number;
}

/**
 * The interactive hexagon-grid background (docs/product.md §3.4): a faint grid of pointy-top hexagons on a
 * fixed canvas; the cell under the pointer lights up and leaves a trail of the last 7 cells,
 * fading out. Draws only when something changes (no idle loop); with reduced motion the trail
 * does not fade and in a hidden tab nothing is drawn.
 */
export function HexGridBackground() {
  const canvasRef = React.useRef<HTMLCanvasElement>(null);

  React.useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let radius = HEX_RADIUS;
    let width = 0;
    let height = 0;
    let frame = 0;
    let trail: Cell[] = [];

    const hexWidth = () => Math.sqrt(3) * radius;
    const cellCenter = (col: number, row: number) => ({
      x: col * hexWidth() + (row % 2 ? hexWidth() / 2 : 0),
      y: row * radius * 1.5,
    });
    const cellAt = (x: number, y: number) => {
      // Nearest centre among the candidate rows/columns (exact enough for a visual effect).
      let best = { col: 0, row: 0, d: Number.POSITIVE_INFINITY };
      const approxRow = Math.round(y / (radius * 1.5));
      for (let row = approxRow - 1; row <= approxRow + 1; row++) {
        const approxCol = Math.round((x - (row % 2 ? hexWidth() / 2 : 0)) / hexWidth());
        for (let col = approxCol - 1; col <= approxCol + 1; col++) {
          const c = cellCenter(col, row);
          const d = (c.x - x) ** 2 + (c.y - y) ** 2;
          if (d < best.d) best = { col, row, d };
        }
      }
      return best;
    };
    /** Adds one hexagon to `path` (a Path2D, or the context's current path). */
    const addHex = (path: Path2D | CanvasRenderingContext2D, cx: number, cy: number, r: number) => {
      for (let i = 0; i < 6; i++) {
        const angle = (Math.PI / 3) * i - Math.PI / 2;
        const px = cx + r * Math.cos(angle);
        const py = cy + r * Math.sin(angle);
        if (i === 0) path.moveTo(px, py);
        else path.lineTo(px, py);
      }
      path.closePath();
    };
    const hexPath = (cx: number, cy: number, r: number) => {
      context.beginPath();
      addHex(context, cx, cy, r);
    };
    // The whole faint grid as one path, made once per size and stroked in one call: a stroke per
    // cell (400 on a phone, 700 on a desktop) was the landing's longest task on a throttled phone.
    let grid = new Path2D();
    const buildGrid = () => {
      grid = new Path2D();
      const rows = Math.ceil(height / (radius * 1.5)) + 1;
      const cols = Math.ceil(width / hexWidth()) + 1;
      for (let row = 0; row <= rows; row++) {
        for (let col = -1; col <= cols; col++) {
          const c = cellCenter(col, row);
          addHex(grid, c.x, c.y, radius - 1);
        }
      }
    };

    const draw = (now: number) => {
      frame = 0;
      context.clearRect(0, 0, width, height);
      context.lineWidth = 1;
      context.strokeStyle = 'rgba(255,255,255,0.035)';
      context.stroke(grid);
      const fade = !motionPaused();
      let alive = false;
      trail.forEach((cell, index) => {
        const rank = 1 - index / HEX_TRAIL_LENGTH;
        const age = fade ? Math.max(0, 1 - (now - cell.at) / FADE_MS) : 1;
        const strength = index === 0 ? Math.max(age, 0.35) * rank : age * rank;
        if (strength <= 0.01) return;
        if (age > 0 && fade) alive = true;
        const c = cellCenter(cell.col, cell.row);
        hexPath(c.x, c.y, radius - 2);
        const hue = index % 3 === 0 ? '62,224,240' : index % 3 === 1 ? '79,110,247' : '240,68,156';
        context.fillStyle = `rgba(${hue},${0.16 * strength})`;
        context.fill();
        context.strokeStyle = `rgba(${hue},${0.55 * strength})`;
        context.stroke();
      });
      if (alive) schedule();
    };
    const schedule = () => {
      if (!frame && document.visibilityState === 'visible') frame = requestAnimationFrame(draw);
    };
    const resize = () => {
      radius = isMobileLayout() ? HEX_RADIUS_MOBILE : HEX_RADIUS;
      const ratio = Math.min(window.devicePixelRatio || 1, 1.5);
      width = window.innerWidth;
      height = window.innerHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      buildGrid();
      schedule();
    };
    const onPointerMove = (event: PointerEvent) => {
      const { col, row } = cellAt(event.clientX, event.clientY);
      const head = trail[0];
      if (head && head.col === col && head.row === row) return;
      trail = [{ col, row, at: performance.now() }, ...trail].slice(0, HEX_TRAIL_LENGTH);
      schedule();
    };

    resize();
    window.addEventListener('resize', resize);
    window.addEventListener('pointermove', onPointerMove, { passive: true });
    const offMotion = onMotionChange(schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
      window.removeEventListener('pointermove', onPointerMove);
      offMotion();
    };
  }, []);

  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10">
      <canvas ref={canvasRef} data-testid="hex-grid" className="size-full" />
    </div>
  );
}
