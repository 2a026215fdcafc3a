//! # The HTML player: one self-contained page
//!
//! [`page`] writes replays as a single HTML file that needs nothing else: no network, no other
//! file. The styles and the player's script are inline, and the frames are embedded as JSON in a
//! `<script type="application/json">` element, stored the way a [`Replay`] stores them: the first
//! frame whole, then only the cells each frame changes. The script rebuilds frames from whole
//! copies it makes every 64 frames, so the slider can jump anywhere at once.
//!
//! Each replay gets a canvas, its caption, and controls: play/pause, one frame back and on, a
//! speed control and a frame slider. [`collection_page`] adds, above the players, a table of a
//! whole collection of levels (status, moves, pushes, time, and an SVG thumbnail), with a player
//! for each level that has a replay.
//!
//! ## Checkable by a browser
//! Opened with the fragment `#end` (`page.html#end`), every player starts at its last frame.
//! The script marks `<body data-status="ok">` only when it has finished without an error, and a
//! `window.onerror` handler writes any error into `<pre id="errors">` and marks the body
//! `data-status="error"`, so a headless browser's dump of the DOM shows whether the page works
//! (see [`crate::browser`]).

use crate::{Frame, Replay, Style};
use serde_json::{Value, json};
use std::fmt::Write as _;

/// The background and glyph colours of a style on the page.
#[must_use]
pub fn fill(style: Style) -> (&'static str, &'static str) {
    match style {
        Style::Wall => ("#4a4e57", "#8a8f99"),
        Style::Floor => ("#f1ede4", "#b9b2a3"),
        Style::Elf => ("#2e9e4f", "#ffffff"),
        Style::Goblin => ("#c8372d", "#ffffff"),
        Style::Key => ("#f2c230", "#3a2c00"),
        Style::Door => ("#8e44ad", "#ffffff"),
        Style::Robot => ("#1f7ac4", "#ffffff"),
        Style::Box => ("#b7791f", "#ffffff"),
        Style::BoxOnGoal => ("#5aa05a", "#ffffff"),
        Style::Goal => ("#cfe3f5", "#1f5f99"),
        Style::Player => ("#155a96", "#ffffff"),
        Style::Path => ("#bfe0f2", "#5a8fb0"),
        Style::Text => ("#fafafa", "#222222"),
    }
}

/// One level of a collection, as its row in the table shows it.
#[derive(Clone, Debug)]
pub struct LevelReport {
    /// The level's number and title.
    pub name: String,
    /// `solved`, `unsolvable`, `gave-up`, `invalid`...
    pub status: String,
    /// Moves of the solution, if solved.
    pub moves: Option<usize>,
    /// Pushes of the solution, if solved.
    pub pushes: Option<usize>,
    /// Seconds the solver took.
    pub seconds: f64,
    /// The level's start, drawn as the thumbnail (none for a level that could not be read).
    pub thumbnail: Option<Frame>,
    /// The solution played back, for a solved level.
    pub replay: Option<Replay>,
}

/// A page with one player per replay.
#[must_use]
pub fn page(title: &str, replays: &[&Replay]) -> String {
    assemble(title, "", replays)
}

/// A page for a whole collection: a table of every level, then a player per replayed level.
#[must_use]
pub fn collection_page(title: &str, levels: &[LevelReport]) -> String {
    let mut table = String::from(
        "<table class=\"levels\"><thead><tr><th>level</th><th>status</th><th>moves</th><th>pushes</th>\
         <th>time</th><th>start</th></tr></thead><tbody>\n",
    );
    let mut replays = Vec::new();
    for level in levels {
        let name = match &level.replay {
            Some(_) => format!("<a href=\"#replay-{}\">{}</a>", replays.len(), escape(&level.name)),
            None => escape(&level.name),
        };
        let count = |n: Option<usize>| n.map_or_else(|| "-".to_owned(), |n| n.to_string());
        let _ = writeln!(
            table,
            "<tr class=\"{status}\"><td>{name}</td><td>{status}</td><td>{}</td><td>{}</td><td>{:.3} s</td><td>{}</td></tr>",
            count(level.moves),
            count(level.pushes),
            level.seconds,
            level.thumbnail.as_ref().map_or_else(String::new, thumbnail),
            status = escape(&level.status),
        );
        if let Some(replay) = &level.replay {
            replays.push(replay);
        }
    }
    table.push_str("</tbody></table>\n");
    assemble(title, &table, &replays)
}

/// A small SVG picture of a frame, one rectangle a cell.
#[must_use]
pub fn thumbnail(frame: &Frame) -> String {
    const SIDE: usize = 6;
    let (width, height) = (frame.width() * SIDE, frame.height() * SIDE);
    let mut svg = format!(
        "<svg class=\"thumb\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">"
    );
    for row in 0..frame.height() {
        for (col, cell) in frame.row(row).iter().enumerate() {
            if cell.style != Style::Text {
                let _ = write!(
                    svg,
                    "<rect x=\"{}\" y=\"{}\" width=\"{SIDE}\" height=\"{SIDE}\" fill=\"{}\"/>",
                    col * SIDE,
                    row * SIDE,
                    fill(cell.style).0
                );
            }
        }
    }
    svg.push_str("</svg>");
    svg
}

fn assemble(raw_title: &str, above: &str, replays: &[&Replay]) -> String {
    let title = escape(raw_title);
    let mut players = String::new();
    for (index, replay) in replays.iter().enumerate() {
        let _ = writeln!(
            players,
            "<section class=\"replay\" id=\"replay-{index}\" data-replay=\"{index}\">\
             {}<canvas></canvas><div class=\"caption\"></div>\
             <div class=\"controls\"><button data-act=\"back\" title=\"one frame back\">&#9664;</button>\
             <button data-act=\"play\" class=\"play\">play</button>\
             <button data-act=\"fwd\" title=\"one frame on\">&#9654;</button>\
             <label>speed <input type=\"range\" class=\"speed\" min=\"0\" max=\"9\" value=\"4\"></label>\
             <input type=\"range\" class=\"slider\" min=\"0\" max=\"{}\" value=\"0\">\
             <span class=\"counter\"></span></div></section>",
            // A page of one replay says its title once, as the page's heading.
            if replay.title == raw_title {
                String::new()
            } else {
                format!("<h2>{}</h2>", escape(&replay.title))
            },
            replay.len() - 1
        );
    }
    // "</" inside the JSON would end the script element early; "<\/" means the same in JSON.
    let data = data(replays).to_string().replace("</", "<\\/");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style>{CSS}</style></head>\n\
         <body data-status=\"loading\"><h1>{title}</h1>\n{above}{players}<pre id=\"errors\"></pre>\n\
         <script type=\"application/json\" id=\"replay-data\">{data}</script>\n\
         <script>{SCRIPT}</script>\n</body></html>\n"
    )
}

/// The frames as the script reads them.
fn data(replays: &[&Replay]) -> Value {
    let palette: Vec<Value> = Style::ALL.iter().map(|&style| json!(fill(style))).collect();
    let replays: Vec<Value> = replays
        .iter()
        .map(|replay| {
            let first = replay.first();
            // Styles as letters, 'a' for style 0: one short string instead of a long array.
            let styles: String =
                first.cells().iter().map(|cell| char::from(b'a' + style_number(cell.style))).collect();
            let glyphs: String = first.cells().iter().map(|cell| cell.glyph).collect();
            let frames: Vec<Value> = replay
                .changes()
                .iter()
                .map(|change| {
                    let cells: Vec<Value> = change
                        .cells
                        .iter()
                        .flat_map(|&(index, cell)| {
                            [json!(index), json!(cell.glyph.to_string()), json!(style_number(cell.style))]
                        })
                        .collect();
                    json!({ "c": change.caption, "d": cells })
                })
                .collect();
            json!({
                "title": replay.title,
                "width": replay.width(),
                "height": replay.height(),
                "caption": first.caption,
                "glyphs": glyphs,
                "styles": styles,
                "frames": frames,
            })
        })
        .collect();
    let text_style = Style::ALL.iter().position(|&style| style == Style::Text);
    json!({ "palette": palette, "textStyle": text_style, "replays": replays })
}

fn style_number(style: Style) -> u8 {
    style.index() as u8
}

/// Text made safe inside HTML elements and attribute values.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

const CSS: &str = "
body { font-family: system-ui, sans-serif; margin: 1.5em; background: #fafafa; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin: 0.2em 0; }
section.replay { margin: 1.5em 0; }
canvas { display: block; image-rendering: pixelated; }
.caption { font-family: ui-monospace, monospace; margin: 0.4em 0; min-height: 1.2em; }
.controls { display: flex; gap: 0.6em; align-items: center; flex-wrap: wrap; }
.controls .slider { flex: 1; min-width: 10em; max-width: 30em; }
.counter { font-family: ui-monospace, monospace; color: #555; }
table.levels { border-collapse: collapse; }
table.levels td, table.levels th { border-bottom: 1px solid #ddd; padding: 0.2em 0.8em; text-align: left; white-space: nowrap; }
tr.solved td:nth-child(2) { color: #2e7d32; } tr.gave-up td:nth-child(2), tr.invalid td:nth-child(2) { color: #c62828; }
#errors { color: #c62828; }
";

/// The player. Hand-written and small; it reads the JSON above and drives every section.
const SCRIPT: &str = r"
'use strict';
window.onerror = function (message, source, line) {
  document.body.setAttribute('data-status', 'error');
  document.getElementById('errors').textContent += 'error: ' + message + ' (line ' + line + ')\n';
};
(function () {
  var DELAYS = [2000, 1000, 500, 250, 120, 60, 30, 15, 8, 4];
  var EVERY = 64;
  var data = JSON.parse(document.getElementById('replay-data').textContent);
  var palette = data.palette;
  var textStyle = data.textStyle;

  function copy(f) { return { g: f.g.slice(), s: f.s.slice(), c: f.c }; }
  function apply(f, change) {
    var d = change.d;
    for (var i = 0; i < d.length; i += 3) { f.g[d[i]] = d[i + 1]; f.s[d[i]] = d[i + 2]; }
    f.c = change.c;
  }

  function Player(section, r) {
    var self = this;
    this.r = r;
    this.n = r.frames.length + 1;
    var first = { g: Array.from(r.glyphs), s: Array.from(r.styles).map(function (ch) { return ch.charCodeAt(0) - 97; }), c: r.caption };
    this.keys = [copy(first)];
    var cur = first;
    for (var i = 1; i < this.n; i++) {
      apply(cur, r.frames[i - 1]);
      if (i % EVERY === 0) { this.keys.push(copy(cur)); }
    }
    this.canvas = section.querySelector('canvas');
    this.caption = section.querySelector('.caption');
    this.counter = section.querySelector('.counter');
    this.slider = section.querySelector('.slider');
    this.speed = section.querySelector('.speed');
    this.playButton = section.querySelector('.play');
    this.section = section;
    this.side = Math.max(3, Math.min(24, Math.floor(960 / Math.max(r.width, r.height))));
    this.canvas.width = r.width * this.side;
    this.canvas.height = r.height * this.side;
    this.timer = null;
    this.index = -1;
    section.querySelector('[data-act=back]').onclick = function () { self.pause(); self.show(self.index - 1); };
    section.querySelector('[data-act=fwd]').onclick = function () { self.pause(); self.show(self.index + 1); };
    this.playButton.onclick = function () { if (self.timer) { self.pause(); } else { self.play(); } };
    this.slider.oninput = function () { self.pause(); self.show(Number(self.slider.value)); };
  }
  Player.prototype.frame = function (index) {
    var f = copy(this.keys[Math.floor(index / EVERY)]);
    for (var i = Math.floor(index / EVERY) * EVERY; i < index; i++) { apply(f, this.r.frames[i]); }
    return f;
  };
  Player.prototype.show = function (index) {
    index = Math.max(0, Math.min(this.n - 1, index));
    if (index === this.index + 1 && this.current) { apply(this.current, this.r.frames[index - 1]); }
    else if (index !== this.index) { this.current = this.frame(index); }
    this.index = index;
    this.draw(this.current);
    this.caption.textContent = this.current.c;
    this.counter.textContent = 'frame ' + (index + 1) + ' / ' + this.n;
    this.slider.value = String(index);
    this.section.setAttribute('data-frame', String(index));
  };
  Player.prototype.draw = function (f) {
    var ctx = this.canvas.getContext('2d');
    var side = this.side, w = this.r.width;
    // Walls and floor (styles 0 and 1) are plain colour: their glyphs would only be noise.
    ctx.font = 'bold ' + Math.floor(side * 0.8) + 'px ui-monospace, monospace';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (var i = 0; i < f.g.length; i++) {
      var x = (i % w) * side, y = Math.floor(i / w) * side, colours = palette[f.s[i]];
      ctx.fillStyle = colours[0];
      ctx.fillRect(x, y, side, side);
      if (f.s[i] === textStyle) {
        continue;
      }
      if (side >= 9 && f.s[i] > 1 && f.g[i] !== ' ') {
        ctx.fillStyle = colours[1];
        ctx.fillText(f.g[i], x + side / 2, y + side / 2 + 1);
      }
    }
    // Text (hit points beside a row, say) is written as runs at its own letter spacing, not
    // one letter a square, which would space it out across the page.
    ctx.textAlign = 'left';
    ctx.fillStyle = palette[textStyle][1];
    for (var start = 0; start < f.g.length; start++) {
      if (f.s[start] !== textStyle || (start % w > 0 && f.s[start - 1] === textStyle)) { continue; }
      var end = start;
      while (end < f.g.length && f.s[end] === textStyle && (end === start || end % w > 0)) { end++; }
      var run = f.g.slice(start, end).join('').replace(/\s+$/, '');
      if (run.length > 0 && side >= 6) {
        ctx.fillText(run, (start % w) * side, Math.floor(start / w) * side + side / 2 + 1);
      }
    }
  };
  Player.prototype.play = function () {
    var self = this;
    if (this.index >= this.n - 1) { this.show(0); }
    this.playButton.textContent = 'pause';
    var step = function () {
      if (self.index >= self.n - 1) { self.pause(); return; }
      self.show(self.index + 1);
      self.timer = setTimeout(step, DELAYS[Number(self.speed.value)]);
    };
    this.timer = setTimeout(step, DELAYS[Number(this.speed.value)]);
  };
  Player.prototype.pause = function () {
    if (this.timer) { clearTimeout(this.timer); }
    this.timer = null;
    this.playButton.textContent = 'play';
  };

  var sections = document.querySelectorAll('section.replay');
  var atEnd = window.location.hash === '#end';
  var players = [];
  for (var i = 0; i < sections.length; i++) {
    var player = new Player(sections[i], data.replays[Number(sections[i].getAttribute('data-replay'))]);
    player.show(atEnd ? player.n - 1 : 0);
    players.push(player);
  }
  if (!atEnd && players.length === 1) { players[0].play(); }
  if (document.body.getAttribute('data-status') === 'loading') {
    document.body.setAttribute('data-status', 'ok');
  }
})();
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    #[test]
    fn a_page_is_self_contained() {
        let frame = Frame::filled(2, 1, Cell::new('#', Style::Wall), "a </script> caption");
        let html = page("t <1>", &[&Replay::new("r", frame)]);
        assert!(html.contains("<title>t &lt;1&gt;</title>"));
        assert!(!html.contains("src=") && !html.contains("href=\"http"), "no external resources");
        // The caption's "</script>" is escaped inside the JSON, so only the page's two script
        // elements close.
        assert_eq!(html.matches("</script>").count(), 2);
    }

    #[test]
    fn the_collection_table_links_solved_levels_to_their_players() {
        let frame = Frame::filled(2, 1, Cell::new('#', Style::Wall), "c");
        let solved = LevelReport {
            name: "1 one".into(),
            status: "solved".into(),
            moves: Some(3),
            pushes: Some(1),
            seconds: 0.5,
            thumbnail: Some(frame.clone()),
            replay: Some(Replay::new("1 one", frame)),
        };
        let failed =
            LevelReport { name: "2 two".into(), status: "gave-up".into(), replay: None, ..solved.clone() };
        let html = collection_page("set", &[solved, failed]);
        assert!(html.contains("<a href=\"#replay-0\">1 one</a>"));
        assert!(html.contains("<td>gave-up</td>"));
        assert_eq!(html.matches("<section class=\"replay\"").count(), 1);
        assert_eq!(html.matches("<svg class=\"thumb\"").count(), 2);
    }
}
