import Foundation
import Manifest

/// The reference player that `prep collect` writes beside the catalogue: `player/index.html`,
/// `player/player.js`, `player/manifest.js` (the catalogue, as a script, because browsers
/// refuse `fetch()` of local files from `file://`) and `player/chapters/*.js` (each chapter
/// file as a script, for the same reason).
///
/// manifest.js holds what the first screen shows and nothing more: the catalogue (narrators,
/// variants, every chapter's title for the queue; no verse text, timings or playlist text: 0.63 MB
/// for a whole Bible of 12 variants, bench/catalogue). The queue is the catalogue's order.
///
/// It loads the catalogue at start-up and one chapter file when a chapter is opened: fetched
/// from `chapters/` over http(s), or its script from `player/chapters/` from `file://`.
/// It does what audio-Bible players do: narrator, speed (the
/// position kept inside the verse through each variant's own timings), music bed or none,
/// live mix of the stems with a voice/music balance, previous/next verse, the current verse
/// shown and announced, a chapter queue in the playlists' order, times in words.
public enum PlayerPage {
  public static let folderName = "player"
  /// Inside `player/`: the chapter files as scripts.
  public static let chapterScriptFolder = "chapters"

  /// The chapter file at `path` (relative to the catalogue's folder) as a script that hands it
  /// to the player: `PSA.23.narrator-a.js` in `player/chapters/`.
  public static func chapterScript(path: String, json: Foundation.Data) -> (name: String, text: String) {
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".js"
    let key = (try? HTML.json(path)) ?? "\"\""
    return (
      name,
      "window.prepChapterLoaded(\(key), \(String(decoding: json, as: UTF8.self).trimmingCharacters(in: .newlines)));\n"
    )
  }

  struct Data: Encodable {
    var catalogue: Catalogue
  }

  /// The player's files by name (inside `player/`), deterministic for a given catalogue.
  public static func files(_ catalogue: Catalogue) throws -> [(name: String, text: String)] {
    let data = try HTML.json(Data(catalogue: catalogue))
    return [
      ("index.html", html(title: catalogue.title ?? "Player")),
      ("manifest.js", "// Written by prep collect from manifest.json.\nwindow.prepData = \(data);\n"),
      ("player.js", PlayerScript.source),
    ]
  }

  static func html(title: String) -> String {
    let body = """
      <header><h1 id="title">\(HTML.escape(title))</h1></header>
      <main>
      <p id="problem" role="alert" hidden></p>
      <section aria-labelledby="now-heading">
      <h2 id="now-heading">Now playing</h2>
      <p id="chapter-name" class="muted"></p>
      <div id="now" class="now" aria-live="polite" aria-atomic="true"></div>
      <div class="row">
      <button type="button" id="previous">Previous verse</button>
      <button type="button" id="play">Play</button>
      <button type="button" id="next">Next verse</button>
      </div>
      <label for="position">Position</label>
      <input type="range" id="position" min="0" max="1000" value="0" step="1">
      <p id="left" class="muted"></p>
      <audio id="audio" preload="auto"></audio>
      <audio id="voice" preload="auto"></audio>
      <audio id="bed" preload="auto"></audio>
      </section>
      <section aria-labelledby="settings-heading">
      <h2 id="settings-heading">Listening</h2>
      <div class="row">
      <span id="narrator-field"><label for="narrator">Narrator</label> <select id="narrator"></select></span>
      <span id="speed-field"><label for="speed">Speed</label> <select id="speed"></select></span>
      <span id="music-field"><label for="music">Music</label> <select id="music"></select></span>
      </div>
      <div class="row" id="live-field">
      <span><input type="checkbox" id="live"> <label for="live">Mix voice and music here (set their balance)</label></span>
      <span id="balance-field"><label for="balance">Voice and music balance</label>
      <input type="range" id="balance" min="0" max="100" step="5" value="50"></span>
      </div>
      </section>
      <section aria-labelledby="queue-heading">
      <h2 id="queue-heading">Chapters</h2>
      <ol id="queue" class="verses"></ol>
      </section>
      <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">Keyboard</h2>
      <ul>
      <li>Space or K: play or pause (when no button or field has focus)</li>
      <li>J and L: previous and next verse</li>
      <li>[ and ]: previous and next chapter</li>
      </ul>
      </section>
      </main>
      <script src="manifest.js"></script>
      <script src="player.js"></script>

      """
    return HTML.page(title: title, style: PageStyle.css, body: body)
  }
}
