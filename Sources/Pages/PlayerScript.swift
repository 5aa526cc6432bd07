/// The reference player's script (no framework), in three parts: reading the catalogue and
/// choosing files, the live mix (Web Audio), and the controls.
enum PlayerScript {
  static let source =
    "\"use strict\";\n(function () {\n" + catalogue + PlayerMixScript.source + PlayerControlsScript.source
    + "})();\n"

  /// The catalogue, the variant for the listener's choices, and the one mapping of a position
  /// from one variant to another.
  static let catalogue = #"""
    const $ = (id) => document.getElementById(id);

    // The one place the catalogue is read (manifest.js, written by prep collect): chapters,
    // narrators and variants, no verse text and no timings.
    function loadManifest() {
      const data = window.prepData;
      if (!data || !data.catalogue) throw new Error("manifest.js did not load. Run prep collect again: it writes this player beside manifest.json.");
      return { catalogue: data.catalogue, base: "../" };
    }

    function problem(message) {
      $("problem").hidden = false;
      $("problem").textContent = message;
    }

    let manifest;
    try {
      manifest = loadManifest();
    } catch (error) {
      problem(error.message);
      return;
    }
    const catalogue = manifest.catalogue;
    const url = (path) => manifest.base + path.split("/").map(encodeURIComponent).join("/");
    const kinds = {}, names = {};
    for (const k of catalogue.variants) kinds[k.id] = k;
    for (const n of catalogue.narrators) names[n.id] = n.name;
    const audio = $("audio"), voice = $("voice"), bed = $("bed");
    const state = { chapter: 0, narrator: null, rate: 1, bed: null, live: false, balance: 50, verse: -2 };
    let current = null; // { entry, n, kinds, ch, v }: catalogue entry and narrator, chapter text, variant
    let playing = false;

    // A chapter file (verse text, timings once per rate, files), read once when its chapter is
    // first opened: over http(s) fetched from chapters/ beside the catalogue; from file:// its
    // script copy in player/chapters/ (browsers refuse fetch() of local files).
    const chapterFiles = {}, waiting = {};
    window.prepChapterLoaded = (path, data) => {
      if (waiting[path]) { waiting[path](data); delete waiting[path]; }
    };
    function loadChapter(path) {
      if (!chapterFiles[path]) {
        const failed = () => new Error(path + " did not load. Run prep collect again: it writes the chapter files beside manifest.json.");
        chapterFiles[path] = location.protocol === "file:"
          ? new Promise((resolve, reject) => {
            waiting[path] = resolve;
            const script = document.createElement("script");
            script.src = "chapters/" + encodeURIComponent(path.split("/").pop().replace(/\.json$/, "") + ".js");
            script.onload = () => script.remove();
            script.onerror = () => { script.remove(); reject(failed()); };
            document.head.append(script);
          })
          : fetch(url(path)).then((r) => { if (!r.ok) throw failed(); return r.json(); });
        chapterFiles[path].catch(() => delete chapterFiles[path]);
      }
      return chapterFiles[path];
    }

    const types = [["mp3", "audio/mpeg"], ["opus", 'audio/ogg; codecs="opus"'], ["vorbis", 'audio/ogg; codecs="vorbis"'],
      ["flac", "audio/flac"], ["wav", "audio/wav"]];
    // The first file of a variant (or stem) this browser plays.
    function playable(files) {
      return files.find((f) => types.some(([prefix, type]) => f.format.startsWith(prefix) && audio.canPlayType(type))) || null;
    }

    // The narrator and variant id for the listener's choices in chapter `index`, or the nearest
    // ones it has (from the catalogue alone).
    function choose(index) {
      const entry = catalogue.chapters[index];
      const n = entry.narrators.find((x) => x.id === state.narrator) || entry.narrators[0];
      const offered = n ? n.variants.map((id) => kinds[id]).filter(Boolean) : [];
      if (!offered.length) return null;
      const rate = offered.map((v) => v.rate).reduce((a, b) => (Math.abs(b - state.rate) < Math.abs(a - state.rate) ? b : a));
      const atRate = offered.filter((v) => v.rate === rate);
      const k = atRate.find((x) => (x.bed || null) === state.bed) || atRate.find((x) => !x.bed) || atRate[0];
      return { entry, n, kinds: offered, id: k.id };
    }

    // The chosen variant from its chapter file, with its timings: its rate's, moved by its offset.
    function resolved(choice, file) {
      const v = file.variants.find((x) => x.id === choice.id);
      const rate = v && file.timings.find((t) => t.rate === v.rate);
      if (!rate) throw new Error(choice.n.chapterFile.file + " has no variant " + choice.id + ". Run prep collect again.");
      const d = v.timingOffsetFrames;
      const move = (t) => Object.assign({}, t, { startFrame: t.startFrame + d, endFrame: t.endFrame + d, onsetFrame: t.onsetFrame + d });
      return { entry: choice.entry, n: choice.n, kinds: choice.kinds, ch: file.chapter,
        v: Object.assign({}, v, { timings: rate.verses.map(move), headingTimings: rate.headings.map(move) }) };
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

    // The chapter queue: the chapters this narrator reads in this variant, in the catalogue's
    // (reading) order, which is the order of that variant's playlists (prep collect writes both
    // from the same sorted records), so neither a playlist nor a chapter file is needed.
    function queue() {
      const all = catalogue.chapters.map((_, i) => i);
      if (!current) return all;
      const order = all.filter((i) => catalogue.chapters[i].narrators.some((n) => n.id === current.n.id
        && n.variants.includes(current.v.id)));
      return order.length ? order : all;
    }

    """#
}
