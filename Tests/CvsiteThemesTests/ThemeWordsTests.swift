import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteThemes

@Suite("Theme words")
struct ThemeWordsTests {
  static let shipped = ["ar", "de", "en", "es", "fr", "it", "ja", "ko", "nl", "pl", "zh"]

  @Test("the default theme speaks eleven languages, each with every word its templates and scripts use")
  func everyWord() throws {
    let theme = try #require(defaultThemeLoad.0)
    let english = theme.words.words
    #expect(english["onThisPage"] == "On this page")
    for code in Self.shipped {
      let file = try #require(theme.trees.first?.subtree("i18n").contents(code + ".yml"), "\(code).yml")
      let (words, problems) = ThemeStrings.load(
        language: code, themeTrees: [.memory(["i18n/\(code).yml": file], label: code)], site: nil)
      #expect(problems.isEmpty, "\(code): \(problems.summaries)")
      #expect(
        Set(words.words.keys) == Set(english.keys), "\(code) misses \(Set(english.keys).subtracting(words.words.keys))")
      if code != "en" {
        let same = english.keys.filter { words.words[$0] == english[$0] && english[$0]!.count > 8 }
        #expect(same.count < 4, "\(code) leaves untranslated: \(same)")
      }
    }
    // Every word a template or script reads is in English.
    let tree = try #require(theme.trees.first)
    var used = Set<String>()
    for path in tree.relativePaths() where path.hasSuffix(".mustache") || path.hasSuffix(".js") {
      let text = String(decoding: try #require(tree.contents(path)), as: UTF8.self)
      let pattern = path.hasSuffix(".js") ? #/\bt\("(\w+)"/# : #/\{\{[#^/]?t\.(\w+)\}\}/#
      for match in text.matches(of: pattern) { used.insert(String(match.output.1)) }
    }
    #expect(used.count > 40)
    #expect(used.subtracting(english.keys).subtracting(["scriptJSON"]).isEmpty, "\(used.subtracting(english.keys))")
    #expect(Set(ThemeStrings.scriptKeys).isSubset(of: english.keys))
  }

  @Test("a page in another language gets its words, and its scripts theirs as JSON safe in <script>")
  func pageWords() throws {
    let theme = try #require(defaultThemeLoad.0)
    let german = theme.speaking(
      ThemeStrings(
        language: "de",
        words: theme.words.words.merging(["onThisPage": "Auf dieser Seite", "copy": "Kopieren</script>"]) { $1 }))
    var context = PageContext(
      title: "T", bodyHTML: "<h2 id=\"a\">A</h2>", siteTitle: "S", language: "de",
      tableOfContents: [TOCLink(level: 2, id: "a", text: "A")])
    context.direction = "ltr"
    let html = german.renderPage(context)
    #expect(html.contains(">Auf dieser Seite</summary>"))
    #expect(html.contains(#""copy":"Kopieren\u003c/script\u003e""#))
    #expect(!theme.renderPage(context).contains("cv-words"))
    // Containers read them too.
    #expect(german.renderer.words != nil)
  }

  @Test("a site's word file that is not a mapping of text is a located error")
  func badFile() throws {
    let (_, problems) = ThemeStrings.load(
      language: "es", themeTrees: [],
      site: .memory(["es.yml": Array("search: Buscar\nnote: [a, b]\n".utf8)], label: "site"))
    let problem = try #require(problems.first)
    #expect(problem.location?.path == "i18n/es.yml" && problem.location?.line == 2)
  }
}
