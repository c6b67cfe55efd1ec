/// The report's inline style sheet and script.
extension HTMLReport {
    /// Colours: ink #1f2328 on white, muted #59636e, rules #d8dee4; policy colours come from
    /// ``Palette``. One column up to 1100 px; under 640 px the padding and type shrink and wide
    /// tables scroll inside their box. At every width pictures are drawn wide enough for their
    /// smallest text to be ``HTMLReport/smallestText`` px (`--phone-width`), scrolling sideways in
    /// their box when the column is narrower (issue 30: the decision maps' text was 8.5–9.4 px at
    /// 1280 px, where they were shrunk to the column).
    static let style = """
        :root { --ink: #1f2328; --muted: #59636e; --rule: #d8dee4; --soft: #f6f8fa; --accent: #0072B2; }
        * { box-sizing: border-box; }
        body { font: 15px/1.5 -apple-system, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif; color: var(--ink); margin: 0; background: #fff; }
        main { max-width: 1100px; margin: 0 auto; padding: 24px 20px 40px; }
        header h1 { font-size: 26px; margin: 0 0 4px; } .subtitle { color: var(--muted); margin: 0 0 20px; }
        h2 { font-size: 19px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--rule); }
        h3 { font-size: 15px; margin: 20px 0 6px; }
        code { font: 0.92em/1.3 "DejaVu Sans Mono", Menlo, Consolas, monospace; background: var(--soft); padding: 1px 4px; border-radius: 4px; }
        .verdict { border: 1px solid var(--rule); border-left: 6px solid var(--accent); border-radius: 8px; padding: 16px 20px; background: #fbfcfd; }
        .verdict .kicker { text-transform: uppercase; letter-spacing: .08em; font-size: 12px; color: var(--muted); margin: 0; }
        .verdict .headline { border: 0; margin: 4px 0 2px; padding: 0; font-size: 26px; }
        .verdict .headline code { font-size: 24px; background: none; padding: 0; }
        .verdict .basis { color: var(--muted); margin: 0 0 12px; }
        .facts { display: flex; flex-wrap: wrap; gap: 12px 32px; }
        .fact { display: flex; flex-direction: column; min-width: 200px; max-width: 340px; }
        .fact .big { font-size: 30px; font-weight: 700; font-variant-numeric: tabular-nums; }
        .fact .sub { color: var(--muted); font-size: 13px; }
        .verdict .note { background: #fff8e5; border: 1px solid #f0d48a; border-radius: 6px; padding: 6px 10px; margin: 12px 0 0; font-size: 13px; }
        .verdict .note code.option { white-space: nowrap; }
        .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 2px; margin-right: 6px; vertical-align: baseline; }
        .headline .swatch { width: 16px; height: 16px; }
        .table-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; border: 1px solid var(--rule); border-radius: 6px; margin: 8px 0; }
        table { border-collapse: collapse; font-size: 13px; width: 100%; }
        th, td { padding: 5px 8px; text-align: left; white-space: nowrap; border-bottom: 1px solid #eef1f4; }
        thead th { background: var(--soft); position: sticky; top: 0; font-weight: 600; cursor: pointer; user-select: none; }
        thead th:hover { background: #eaeef2; }
        th[aria-sort="ascending"]::after { content: " \\25B2"; font-size: 9px; } th[aria-sort="descending"]::after { content: " \\25BC"; font-size: 9px; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        tbody tr:hover { background: #f3f7fb; }
        tbody td:first-child, thead th:first-child { position: sticky; left: 0; background: #fff; z-index: 1; }
        thead th:first-child { background: var(--soft); z-index: 2; }
        .bar { display: inline-block; position: relative; width: 90px; height: 10px; margin-left: 8px; background: #eef1f4; border-radius: 5px; vertical-align: middle; }
        .bar .ci { position: absolute; top: 1px; height: 8px; border-radius: 4px; opacity: .55; }
        .bar .pt { position: absolute; top: -2px; width: 2px; height: 14px; background: var(--ink); margin-left: -1px; }
        table.confusion { font-size: 12px; } table.confusion th, table.confusion td { padding: 3px 5px; }
        table.confusion td.num { min-width: 30px; } table.confusion td.diag { font-weight: 700; outline: 1px solid #1f2328; outline-offset: -1px; }
        table.ranking td:last-child { white-space: normal; min-width: 200px; font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
        table.ranking th, table.ranking td:nth-child(3), table.ranking td:nth-child(7), table.ranking td:nth-child(8) { white-space: normal; }
        .scroll-y { max-height: 420px; overflow-y: auto; }
        p.legend, figcaption, .explain { font-size: 13px; color: var(--muted); }
        p.legend { white-space: pre-line; }
        figure { margin: 18px 0 26px; }
        .plot { overflow-x: auto; -webkit-overflow-scrolling: touch; }
        .plot svg { max-width: none; width: var(--phone-width); height: auto; display: block; }
        .grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr)); gap: 16px; }
        dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; font-size: 14px; }
        dl.summary dt { font-weight: 600; } dl.summary dd { margin: 0; overflow-wrap: anywhere; }
        details summary { cursor: pointer; color: var(--accent); margin: 8px 0; }
        pre { background: var(--soft); padding: 12px; font-size: 12px; overflow-x: auto; border-radius: 6px; }
        pre.recommendation { white-space: pre-wrap; }
        footer { margin-top: 40px; padding-top: 12px; border-top: 1px solid var(--rule); font-size: 12px; color: var(--muted); }
        footer dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
        footer dt { font-weight: 600; } footer dd { margin: 0; overflow-wrap: anywhere; }
        .tip { position: fixed; z-index: 10; pointer-events: none; background: var(--ink); color: #fff; font-size: 12px; padding: 4px 8px; border-radius: 4px; max-width: 320px; }
        @media (max-width: 640px) {
          body { font-size: 14px; } main { padding: 16px 12px 32px; }
          header h1 { font-size: 21px; } .verdict { padding: 12px 14px; } .verdict .headline { font-size: 21px; }
          .verdict .headline code { font-size: 20px; } .fact .big { font-size: 24px; } .fact { min-width: 0; }
          .bar { width: 70px; }
          .plot { border: 1px solid var(--rule); border-radius: 6px; }
        }
        .verdict .tie { margin: 0 0 12px; } .verdict .assumed { color: var(--muted); font-size: 13px; margin: 12px 0 0; }
        .verdict details { margin: 12px 0 0; font-size: 13px; }
        """

    /// Sorting (click a header: numbers by `data-v`, text otherwise; again to reverse) and a
    /// tooltip for anything with `data-tip` (table cells, plot points), on hover and on a tap. Sets `data-ready` on
    /// the root element when it ran through (the browser test checks it). No `<` or `&` in the
    /// code, so the page stays well-formed XML.
    static let script = """
        (function () {
          function key(cell) { var v = cell.getAttribute('data-v'); return v === null ? cell.textContent.trim().toLowerCase() : parseFloat(v); }
          document.querySelectorAll('table.sortable').forEach(function (table) {
            table.querySelectorAll('thead th').forEach(function (th, column) {
              th.addEventListener('click', function () {
                var body = table.tBodies[0];
                var rows = Array.prototype.slice.call(body.rows);
                var ascending = th.getAttribute('aria-sort') !== 'ascending';
                table.querySelectorAll('thead th').forEach(function (o) { o.removeAttribute('aria-sort'); });
                th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
                rows.sort(function (a, b) {
                  var x = key(a.cells[column]), y = key(b.cells[column]);
                  var c = (typeof x === 'number' ? x - y : (x === y ? 0 : (x > y ? 1 : -1)));
                  return ascending ? c : -c;
                });
                rows.forEach(function (r) { body.appendChild(r); });
              });
            });
          });
          var tip = document.getElementById('tip');
          document.addEventListener('mouseover', function (e) {
            var t = e.target.closest ? e.target.closest('[data-tip]') : null;
            if (!t) { tip.hidden = true; return; }
            tip.textContent = t.getAttribute('data-tip'); tip.hidden = false;
          });
          // A tap (no hover on a phone) shows the same tip where it landed; a tap elsewhere hides it.
          document.addEventListener('click', function (e) {
            var t = e.target.closest ? e.target.closest('[data-tip]') : null;
            if (!t) { tip.hidden = true; return; }
            tip.textContent = t.getAttribute('data-tip'); tip.hidden = false;
            tip.style.left = Math.max(4, Math.min(e.clientX + 12, window.innerWidth - 330)) + 'px'; tip.style.top = (e.clientY + 14) + 'px';
          });
          document.addEventListener('mousemove', function (e) {
            if (!tip.hidden) { tip.style.left = Math.min(e.clientX + 12, window.innerWidth - 330) + 'px'; tip.style.top = (e.clientY + 14) + 'px'; }
          });
          document.documentElement.setAttribute('data-ready', 'yes');
        })();
        """
}
