/// The reference player's script (no framework), in three parts: reading the catalogue and
/// choosing files, the live mix (Web Audio), and the controls.
enum PlayerScript {
  static let source =
    "\"use strict\";\n(function () {\n" + catalogue + PlayerMixScript.source + PlayerControlsScript.source
    + "})();\n"

  /// The catalogue and playlists, the variant for the listener's choices, and the one mapping
  /// of a position from one variant to another.
  static let catalogue = #"""
    const $ = (id) => document.getElementById(id);

    // The one place the catalogue is read (manifest.js, written by prep collect). A catalogue
    // split per chapter would change only this function.
    function loadManifest() {
      const data = window.prepData;
      if (!data || !data.catalogue) throw new Error("manifest.js did not load. Run prep collect again: it writes this player beside manifest.json.");
      const playlists = {};
      for (const p of data.playlists || []) playlists[p.file] = p.text;
      return { catalogue: data.catalogue, playlists, base: "../" };
    }

    let manifest;
    try {
      manifest = loadManifest();
    } catch (error) {
      $("problem").hidden = false;
      $("problem").textContent = error.message;
      return;
    }
    const catalogue = manifest.catalogue;
    const url = (path) => manifest.base + path.split("/").map(encodeURIComponent).join("/");
    const audio = $("audio"), voice = $("voice"), bed = $("bed");
    const state = { chapter: 0, narrator: null, rate: 1, bed: null, live: false, balance: 50, verse: -2 };
    let current = null; // { ch, n, v }
    let playing = false;

    const types = [["mp3", "audio/mpeg"], ["opus", 'audio/ogg; codecs="opus"'], ["vorbis", 'audio/ogg; codecs="vorbis"'],
      ["flac", "audio/flac"], ["wav", "audio/wav"]];
    // The first file of a variant (or stem) this browser plays.
    function playable(files) {
      return files.find((f) => types.some(([prefix, type]) => f.format.startsWith(prefix) && audio.canPlayType(type))) || null;
    }

    // The variant for the listener's choices, or the nearest one the chapter has.
    function resolve(index) {
      const ch = catalogue.chapters[index];
      const n = ch.narrators.find((x) => x.id === state.narrator) || ch.narrators[0];
      if (!n || !n.variants.length) return null;
      const rates = n.variants.map((v) => v.rate);
      const rate = rates.reduce((a, b) => (Math.abs(b - state.rate) < Math.abs(a - state.rate) ? b : a));
      const atRate = n.variants.filter((v) => v.rate === rate);
      const v = atRate.find((x) => (x.bed || null) === state.bed) || atRate.find((x) => !x.bed) || atRate[0];
      return { ch, n, v };
    }

    // Index of the verse playing at `frame` of variant v; -1 before the first verse. The frame is
    // rounded: media times are kept in microseconds, a hair before a start set exactly.
    function verseAt(v, frame) {
      const at = Math.round(frame);
      for (let i = v.timings.length - 1; i >= 0; i--) if (at >= v.timings[i].startFrame) return i;
      return -1;
    }

    // A position in variant `from` (seconds) as the same place in variant `to`: the same verse,
    // and inside it the same share of its lead-in (start → onset) or of its speech (onset → end),
    // through each variant's own timings, never t / rate.
    function mapTime(from, seconds, to) {
      if (from === to) return seconds;
      const frame = seconds * from.sampleRate;
      const piece = (x, a0, a1, b0, b1) => (a1 > a0 ? b0 + ((Math.min(x, a1) - a0) / (a1 - a0)) * (b1 - b0) : b0);
      const i = verseAt(from, frame);
      let out;
      if (i < 0) {
        const a = from.timings.length ? from.timings[0].startFrame : from.frameCount;
        const b = to.timings.length ? to.timings[0].startFrame : to.frameCount;
        out = piece(frame, 0, a, 0, b);
      } else {
        const a = from.timings[i], b = to.timings.find((x) => x.reference === a.reference);
        if (!b) return 0;
        if (frame < a.onsetFrame) out = piece(frame, a.startFrame, a.onsetFrame, b.startFrame, b.onsetFrame);
        else if (frame < a.endFrame) out = piece(frame, a.onsetFrame, a.endFrame, b.onsetFrame, b.endFrame);
        else out = piece(frame, a.endFrame, from.frameCount, b.endFrame, to.frameCount);
      }
      return out / to.sampleRate;
    }

    // "2 minutes 3 seconds", as SpokenLabels.duration words it.
    function words(milliseconds) {
      const s = Math.round(milliseconds / 1000);
      if (s <= 0) return "less than 1 second";
      return [[Math.floor(s / 3600), "hour"], [Math.floor(s / 60) % 60, "minute"], [s % 60, "second"]]
        .filter((p) => p[0] > 0).map((p) => p[0] + " " + p[1] + (p[0] === 1 ? "" : "s")).join(" ");
    }

    // The chapter queue: the playlist of the narrator, rate, bed and format playing, in its order.
    function normalize(parts) {
      const out = [];
      for (const p of parts) {
        if (p === "..") { if (out.length && out[out.length - 1] !== "..") out.pop(); else out.push(p); }
        else if (p && p !== ".") out.push(p);
      }
      return out.join("/");
    }
    function queue() {
      const file = current && playable(current.v.files);
      const entry = file && catalogue.playlists.find((p) => p.narrator === current.n.id && p.rate === current.v.rate
        && (p.bed || null) === (current.v.bed || null) && p.format === file.format);
      const text = entry && manifest.playlists[entry.file];
      if (!text) return catalogue.chapters.map((_, i) => i);
      const folder = entry.file.split("/").slice(0, -1);
      const order = [];
      for (const line of text.split(/\r?\n/)) {
        if (!line.trim() || line.startsWith("#")) continue;
        const path = normalize(folder.concat(line.trim().split("/")));
        const index = catalogue.chapters.findIndex((ch) => ch.narrators.some((n) => n.variants.some((v) => v.files.some((f) => f.file === path))));
        if (index >= 0 && !order.includes(index)) order.push(index);
      }
      return order.length ? order : catalogue.chapters.map((_, i) => i);
    }

    """#
}
