// Line charts on a canvas, drawn by hand: a few series over the same seconds, an axis with its largest value.
"use strict";
window.QuarryCharts = (function () {
  const PALETTE = ["#1b7a3a", "#a15c00", "#b3261e", "#2457c5", "#7b3fb5", "#0f8a8a", "#c2185b", "#5c6678", "#8d6e63"];
  // A line without a colour of its own keeps the one it had in the canvas's last drawing: the busiest indices come in
  // another order from one second to the next, and a colour given by position would move from one index to another.
  // A line new to the canvas takes a colour no other line of the drawing has (the server sends at most eight lines,
  // fewer than the palette's colours). Only the last drawing's colours are kept: an index charted an hour ago holds
  // nothing, however many names come and go while the page stays open.
  const drawn = new WeakMap(); // canvas -> Map(name -> colour) of its last drawing
  function colors(canvas, series) {
    const before = drawn.get(canvas) || new Map();
    const now = new Map();
    series.forEach(s => {
      if (s.color) now.set(s.name, s.color);
      else if (before.has(s.name)) now.set(s.name, before.get(s.name));
    });
    const taken = new Set(now.values());
    series.forEach(s => {
      if (now.has(s.name)) return;
      const free = PALETTE.find(c => !taken.has(c)) || PALETTE[now.size % PALETTE.length];
      taken.add(free);
      now.set(s.name, free);
    });
    drawn.set(canvas, now);
    return now;
  }

  // A canvas drawn at the size it is shown, in the screen's pixels: one drawn 900 pixels wide and shown in a narrow
  // window would shrink its labels with it, unreadably. Its height stays the one its markup gives; {width, height}
  // are what to draw in, in CSS pixels. A canvas not laid out (detached) is drawn at its own size.
  function fitted(canvas, ctx) {
    if (!canvas.dataset.height) canvas.dataset.height = String(canvas.height);
    const height = Number(canvas.dataset.height);
    const width = canvas.clientWidth || Number(canvas.dataset.width || canvas.width);
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.height = height + "px";
    }
    canvas.dataset.width = String(width);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    return { width, height };
  }

  // series: [{name, values: [number|null], color?}]; a null is a gap. Sets canvas.dataset.points to the points drawn.
  function draw(canvas, series, legend) {
    const ctx = canvas.getContext("2d");
    const colorOf = colors(canvas, series);
    const { width, height } = fitted(canvas, ctx);
    const right = 8, top = 10, bottom = 20;
    ctx.clearRect(0, 0, width, height);
    let max = 0, length = 0;
    series.forEach(s => {
      length = Math.max(length, s.values.length);
      s.values.forEach(v => { if (v !== null && v > max) max = v; });
    });
    max = niceCeiling(max);
    ctx.strokeStyle = "#d6dbe4";
    ctx.fillStyle = "#5c6678";
    ctx.font = "11px system-ui, sans-serif";
    ctx.lineWidth = 1;
    // the lines start past the widest label of the scale: "2,000,000" (a p99 of half an hour) would run into them
    const left = Math.max(48, Math.ceil(ctx.measureText(format(max)).width) + 8);
    canvas.dataset.left = String(left);
    for (let i = 0; i <= 4; i++) {
      const y = top + (height - top - bottom) * i / 4;
      ctx.beginPath(); ctx.moveTo(left, y); ctx.lineTo(width - right, y); ctx.stroke();
      ctx.fillText(format(max * (4 - i) / 4), 2, y + 4);
    }
    ctx.fillText(length + " s ago", left, height - 4);
    ctx.fillText("now", width - right - 24, height - 4);
    const x = i => left + (width - left - right) * (length <= 1 ? 1 : i / (length - 1));
    const y = v => top + (height - top - bottom) * (1 - (max === 0 ? 0 : v / max));
    let points = 0;
    series.forEach(s => {
      ctx.strokeStyle = colorOf.get(s.name);
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      let open = false;
      s.values.forEach((v, i) => {
        if (v === null || v === undefined) { open = false; return; }
        if (open) ctx.lineTo(x(i), y(v)); else ctx.moveTo(x(i), y(v));
        open = true;
        if (v > 0) points++;
      });
      ctx.stroke();
    });
    canvas.dataset.points = String(points);
    describe(canvas, series);
    if (legend) drawLegend(legend, series, colorOf);
  }

  // A canvas is a picture to assistive technology: its label says in words what it draws, each line's value now
  // and its highest in the window.
  function describe(canvas, series) {
    const caption = canvas.closest("figure").querySelector("figcaption").textContent;
    const lines = series.map(s => {
      const values = s.values.filter(v => v !== null && v !== undefined);
      const now = values.length ? values[values.length - 1] : 0;
      return s.name + ": " + format(now) + " now, " + format(Math.max(0, ...values)) + " at most";
    });
    canvas.setAttribute("role", "img");
    const seconds = series.reduce((n, s) => Math.max(n, s.values.length), 0);
    canvas.setAttribute("aria-label", caption + ", the last " + (seconds === 1 ? "second" : seconds + " seconds")
        + ". " + (lines.length ? lines.join("; ") : "Nothing to draw") + ".");
  }

  // Made anew only when its lines or their colours change: a refresh every second would otherwise rebuild it (and
  // end a selection of an index's name being copied from it).
  function drawLegend(legend, series, colorOf) {
    const drawing = JSON.stringify(series.map(s => [s.name, colorOf.get(s.name)]));
    if (legend.dataset.drawing === drawing) return;
    legend.dataset.drawing = drawing;
    legend.replaceChildren();
    series.forEach(s => {
      const item = document.createElement("span");
      const swatch = document.createElement("i");
      swatch.style.background = colorOf.get(s.name);
      item.append(swatch, document.createTextNode(s.name));
      legend.append(item);
    });
  }

  function niceCeiling(value) {
    if (value <= 0) return 1;
    const power = Math.pow(10, Math.floor(Math.log10(value)));
    for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
    return 10 * power;
  }

  // grouped by thousands, as every number of the console
  function format(value) {
    return value.toLocaleString("en", { maximumFractionDigits: value >= 100 ? 0 : 2 });
  }

  return { draw };
})();
