/// The CSS classes token spans get, and the language styles that lead to each. A style
/// that maps to none of them (directly or through its `map-to` chain) is not coloured.
enum TokenClass {
  /// Class names by index; index 0 is "no class".
  static let names: [String] = [
    "", "c", "cd", "s", "se", "m", "kc", "v", "nf", "nb", "k", "o", "t", "cp", "err", "u", "gh", "ge", "gs", "gi",
    "gd", "gp", "go", "nt", "na",
  ]

  /// `cvsite:plain`: a context whose text has no class even inside a coloured one (the
  /// code in a string's `\(…)`); a class of its own while tokenizing, 0 in the runs.
  static let plain = UInt8(names.count)

  /// The class of a style, by its qualified id (`def:keyword`, `diff:added-line`).
  static let byStyle: [String: UInt8] = {
    let table: [String: String] = [
      "def:comment": "c", "def:shebang": "c", "def:doc-comment": "c", "def:note": "c",
      "def:doc-comment-element": "cd",
      "def:string": "s", "def:character": "s", "def:inline-code": "s", "def:preformatted-section": "s",
      "def:special-char": "se",
      "def:number": "m", "def:floating-point": "m", "def:decimal": "m", "def:base-n-integer": "m", "def:complex": "m",
      "def:constant": "kc", "def:special-constant": "kc", "def:boolean": "kc",
      "def:identifier": "v", "def:function": "nf", "def:builtin": "nb",
      "def:keyword": "k", "def:statement": "k", "def:list-marker": "k", "def:thematic-break": "k",
      "def:operator": "o", "def:link-symbol": "o",
      "def:type": "t", "def:preprocessor": "cp",
      "def:error": "err", "def:reserved": "err",
      "def:net-address": "u", "def:underlined": "u", "def:link-destination": "u", "def:link-text": "s",
      "def:heading": "gh", "def:heading0": "gh", "def:heading1": "gh", "def:heading2": "gh", "def:heading3": "gh",
      "def:heading4": "gh", "def:heading5": "gh", "def:heading6": "gh",
      "def:emphasis": "ge", "def:strong-emphasis": "gs",
      "def:insertion": "gi", "def:deletion": "gd",
      "diff:added-line": "gi", "diff:removed-line": "gd", "diff:changed-line": "cp", "diff:location": "k",
      "diff:special-case": "s",
      "xml:element-name": "nt", "xml:attribute-name": "na", "xml:tag": "nt",
      "cvsite:prompt": "gp", "cvsite:output": "go",
    ]
    var result = table.mapValues { name in UInt8(names.firstIndex(of: name) ?? 0) }
    result["cvsite:plain"] = plain
    return result
  }()
}
