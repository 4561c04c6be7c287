import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

@Suite("Languages")
struct LanguageTests {
  static let config = """
    title: Fixture
    baseURL: https://example.com/
    languages:
      - code: en
      - code: es
      - code: ar

    """

  /// English originals; Spanish by file suffix; Arabic by folder.
  static let files = [
    "content/_index.md": "---\ntitle: Home\n---\nSee [install](docs/install.md).\n",
    "content/_index.es.md": "---\ntitle: Inicio\n---\nVer [instalar](docs/install.md) y [usar](/docs/usage/).\n",
    "content/docs/_index.md": "---\ntitle: Docs\n---\nThe docs.\n",
    "content/docs/install.md":
      "---\ntitle: Install\ndate: 2024-05-01\ntags: [setup]\n---\n## Requirements\n\nSwift.\n\n:::note\nA note.\n:::\n",
    "content/docs/install.es.md":
      "---\ntitle: Instalar\ndate: 2024-05-01\ntags: [setup]\n---\n## Requisitos {#requirements}\n\nSwift.\n\n:::note\nUna nota.\n:::\n",
    "content/docs/usage.md": "---\ntitle: Usage\n---\nUse it.\n",
    "content/ar/_index.md": "---\ntitle: الرئيسية\n---\nمرحبا.\n",
    "content/ar/docs/install.md": "---\ntitle: التثبيت\n---\n## المتطلبات\n\n:::tip\nنصيحة.\n:::\n",
  ]

  static func site(config: String = config, files: [String: String] = files) throws -> TemporarySite {
    try TemporarySite(site: files, config: config)
  }

  @Test("each language is a tree of its own under its folder, with its own search, feed and taxonomies")
  func trees() throws {
    let site = try Self.site()
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    for path in [
      "index.html", "docs/install/index.html", "es/index.html", "es/docs/install/index.html",
      "es/docs/usage/index.html", "ar/index.html", "ar/docs/install/index.html", "search/meta.json",
      "es/search/meta.json", "ar/search/meta.json", "atom.xml", "es/atom.xml", "es/tags/setup/index.html",
      "es/404.html", "assets/cvsite.css",
    ] {
      #expect(site.exists(path), "\(path)")
    }
    // Shared files once, at the root.
    #expect(!site.exists("es/assets/cvsite.css"))
    let spanish = try #require(site.read("es/docs/install/index.html"))
    #expect(spanish.contains(#"<html lang="es" dir="ltr">"#))
    #expect(spanish.contains(#"data-cv-search="/es/search/""#))
    #expect(spanish.contains(#"<a class="cv-brand" href="/es/">"#))
    // The navigation is the language's own.
    #expect(spanish.contains(#"href="/es/docs/usage/""#) && !spanish.contains(#"href="/docs/usage/""#))
    // Links between pages stay in the language, written as files or as the original's URL.
    let home = try #require(site.read("es/index.html"))
    #expect(home.contains(#"href="/es/docs/install/""#) && home.contains(#"href="/es/docs/usage/""#))
    let feed = try #require(site.read("es/atom.xml"))
    #expect(
      feed.contains("https://example.com/es/docs/install/") && !feed.contains("https://example.com/docs/install/"))
  }

  @Test("a page knows its translations: a switcher that keeps the page, hreflang alternates and the sitemap")
  func translationsKnown() throws {
    let site = try Self.site()
    #expect(site.build().result.succeeded)
    let english = try #require(site.read("docs/install/index.html"))
    for (code, url) in [("en", "/docs/install/"), ("es", "/es/docs/install/"), ("ar", "/ar/docs/install/")] {
      #expect(english.contains(#"<link rel="alternate" hreflang="\#(code)" href="https://example.com\#(url)">"#))
      #expect(english.contains(#"<a href="\#(url)" hreflang="\#(code)" lang="\#(code)""#))
    }
    #expect(english.contains(#"hreflang="x-default" href="https://example.com/docs/install/""#))
    // A page with no translation has no alternates, yet its switcher leads to the page
    // shown in the other language.
    let usage = try #require(site.read("docs/usage/index.html"))
    #expect(!usage.contains("hreflang=\"es\" href"))
    #expect(usage.contains(#"<a href="/es/docs/usage/" hreflang="es""#))
    let sitemap = try #require(site.read("sitemap.xml"))
    #expect(
      sitemap.contains(
        #"<url><loc>https://example.com/es/docs/install/</loc><lastmod>2024-05-01</lastmod><xhtml:link rel="alternate" hreflang="en" href="https://example.com/docs/install/"/>"#
      ))
    #expect(sitemap.contains("<loc>https://example.com/ar/</loc>"))
  }

  @Test("an untranslated page is the original with a notice in the reader's language, or nothing")
  func untranslated() throws {
    let site = try Self.site()
    #expect(site.build().result.succeeded)
    let shown = try #require(site.read("es/docs/usage/index.html"))
    #expect(shown.contains("Esta página aún no está traducida al español; se muestra en inglés."))
    #expect(shown.contains(#"<div lang="en">"#))
    #expect(shown.contains("Use it."))

    var files = Self.files
    files["content/guide/deep.md"] = "---\ntitle: Deep\n---\nDeep.\n"
    let omitted = try Self.site(config: Self.config + "untranslated: omit\n", files: files)
    #expect(omitted.build().result.succeeded)
    #expect(!omitted.exists("es/docs/usage/index.html"))
    // The switcher leads to the nearest page above that the language has: the section
    // (made for the folder of its translated pages), else the home page.
    let usage = try #require(omitted.read("docs/usage/index.html"))
    #expect(usage.contains(#"<a href="/ar/docs/" hreflang="ar""#))
    let deep = try #require(omitted.read("guide/deep/index.html"))
    #expect(deep.contains(#"<a href="/ar/" hreflang="ar""#) && deep.contains(#"<a href="/es/" hreflang="es""#))
  }

  @Test("right to left: <html dir>, the theme's words in the language, code left to right")
  func rightToLeft() throws {
    let site = try Self.site()
    #expect(site.build().result.succeeded)
    let arabic = try #require(site.read("ar/docs/install/index.html"))
    #expect(arabic.contains(#"<html lang="ar" dir="rtl">"#))
    #expect(arabic.contains("في هذه الصفحة"))  // On this page
    #expect(arabic.contains("نصيحة</p>") || arabic.contains("نصيحة"))
    #expect(arabic.contains(#"<script type="application/json" id="cv-words">{"copy":"نسخ""#))
    let css = try #require(site.read("assets/cvsite.css"))
    #expect(css.contains("pre { direction: ltr;"))
    #expect(!css.contains("margin-left: auto"))
    // English pages carry no words for the scripts: they hold English already.
    #expect(!(try #require(site.read("index.html"))).contains("cv-words"))
  }

  @Test("the site's own i18n files override the theme's words, for their language only")
  func siteWords() throws {
    var files = Self.files
    files["i18n/es.yml"] = "onThisPage: Contenido\n"
    let site = try Self.site(files: files)
    #expect(site.build().result.succeeded)
    #expect(try #require(site.read("es/docs/install/index.html")).contains(">Contenido</summary>"))
    #expect(try #require(site.read("docs/install/index.html")).contains(">On this page</summary>"))

    try site.write("i18n/es.yml", "onThisPage: [not, text]\n")
    let error = try #require(site.build().result.diagnostics.errors.first)
    #expect(error.location?.path == "i18n/es.yml" && error.message.contains("must be text"))
  }

  @Test("dates are written as the language writes them")
  func dates() throws {
    let config = "title: F\nlanguages:\n  - code: de\n  - code: ja\n"
    let page = "---\ntitle: T\ndate: 2024-05-01\n---\nText.\n"
    let site = try TemporarySite(site: ["content/a.md": page, "content/a.ja.md": page], config: config)
    #expect(site.build().result.succeeded)
    #expect(try #require(site.read("a/index.html")).contains(#"<time datetime="2024-05-01">1. Mai 2024</time>"#))
    #expect(try #require(site.read("ja/a/index.html")).contains(#"<time datetime="2024-05-01">2024年5月1日</time>"#))
  }

  @Test("a heading anchor the original has and the translation lacks is a warning naming both")
  func translatedAnchors() throws {
    var files = Self.files
    files["content/_index.es.md"] = "---\ntitle: Inicio\n---\nVer [requisitos](docs/install.md#requirements).\n"
    files["content/docs/install.es.md"] = "---\ntitle: Instalar\n---\n## Requisitos\n\nSwift.\n"
    let site = try Self.site(files: files)
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let warning = try #require(built.result.diagnostics.first { $0.message.contains("has no id `requirements`") })
    #expect(warning.severity == .warning)
    #expect(warning.location?.path == "content/_index.es.md" && warning.location?.line == 4)
    #expect(warning.message.contains("/es/docs/install/") && warning.message.contains("/docs/install/"))
    // A fragment neither has is still an error.
    try site.write("content/_index.es.md", "---\ntitle: Inicio\n---\nVer [x](docs/install.md#nada).\n")
    let error = try #require(site.build().result.diagnostics.errors.first)
    #expect(error.message.contains("no element with id `nada`") && error.location?.line == 4)
  }

  @Test("bad layouts: an unknown language suffix, two files for one page, a translation of nothing")
  func badLayouts() throws {
    var files = Self.files
    files["content/docs/usage.ae.md"] = "---\ntitle: Uso\n---\nx\n"
    files["content/es/docs/install.md"] = "---\ntitle: Instalar otra vez\n---\nx\n"
    files["content/ar/docs/instal.md"] = "---\ntitle: x\n---\nx\n"
    let site = try Self.site(files: files)
    let errors = site.build().result.diagnostics.errors
    let unknown = try #require(errors.first { $0.location?.path == "content/docs/usage.ae.md" })
    #expect(unknown.message.contains("`ae` in `usage.ae.md` names no language of the site (en, es, ar)"))
    #expect(unknown.suggestion == "usage.ar.md")
    let twice = errors.filter { $0.message.contains("are both the Español page `docs/install.md`") }
    #expect(Set(twice.compactMap(\.location?.path)) == ["content/docs/install.es.md", "content/es/docs/install.md"])
    let orphan = try #require(errors.first { $0.location?.path == "content/ar/docs/instal.md" })
    #expect(orphan.message.contains("translates no page of the default language (English)"))
    #expect(orphan.suggestion == "content/docs/install.md")
  }

  @Test("bad settings: each located, with the allowed values")
  func badSettings() throws {
    let cases: [(String, String)] = [
      ("languages: en\n", "'languages' must be a list"),
      ("languages:\n  - code: english\n", "`english` is not a language tag"),
      ("languages:\n  - code: en\n  - code: en\n", "the language `en` is listed twice"),
      ("languages:\n  - code: en\n  - code: he\n    direction: rtll\n", "`direction` is `ltr` or `rtl`"),
      ("languages:\n  - code: en\n  - code: fr\n    path: /\n", "both go to /"),
      ("languages:\n  - code: en\n    lang: x\n", "unknown setting 'lang' of a language"),
      ("untranslated: hide\n", "'untranslated' needs the site's `languages`"),
      ("languages:\n  - code: en\nuntranslated: hide\n", "'untranslated' is `show`"),
    ]
    for (settings, message) in cases {
      let site = try TemporarySite(site: ["content/a.md": "x\n"], config: "title: F\n" + settings)
      let errors = site.build().result.diagnostics.errors
      let error = try #require(errors.first, "\(settings)")
      #expect(error.message.contains(message), "\(settings): \(error.message)")
      #expect(error.location?.path == "cvsite.yml" && (error.location?.line ?? 0) >= 2, "\(settings)")
    }
  }

  @Test("one language named by `language:` is the default, at the root; `path` moves a language")
  func defaultAndPaths() throws {
    let config = "title: F\nlanguage: fr\nlanguages:\n  - code: en\n  - code: fr\n  - code: zh-Hans\n    path: /zh/\n"
    let site = try TemporarySite(
      site: ["content/a.md": "Bonjour.\n", "content/a.en.md": "Hello.\n", "content/a.zh-Hans.md": "你好。\n"],
      config: config)
    #expect(site.build().result.succeeded)
    #expect(try #require(site.read("a/index.html")).contains(#"<html lang="fr""#))
    #expect(try #require(site.read("en/a/index.html")).contains("Hello."))
    #expect(try #require(site.read("zh/a/index.html")).contains(#"<html lang="zh-Hans""#))
  }

  @Test("check lists untranslated pages and translations older than their original")
  func checkReport() throws {
    let site = try Self.site()
    try site.git(["init", "-q"])
    try site.git(["add", "."])
    try site.git(["commit", "-qm", "first"], date: "2024-01-01T12:00:00Z")
    try site.write("content/docs/install.md", "---\ntitle: Install\n---\n## Requirements\n\nSwift 6.\n")
    try site.git(["commit", "-qam", "second"], date: "2024-03-01T12:00:00Z")
    let result = SiteBuilder.check(site.options)
    let outdated = result.diagnostics.filter { $0.message.hasPrefix("outdated translation") }
    #expect(Set(outdated.compactMap(\.location?.path)) == ["content/docs/install.es.md", "content/ar/docs/install.md"])
    #expect(outdated.allSatisfy { $0.severity == .warning && $0.message.contains("2024-03-01") })
    let missing = result.diagnostics.filter { $0.message.hasPrefix("not translated into") }
    #expect(
      Set(missing.map { "\($0.location?.path ?? "") \($0.message)" }) == [
        "content/docs/usage.md not translated into Español (es)",
        "content/docs/usage.md not translated into العربية (ar)",
        "content/docs/_index.md not translated into العربية (ar)",
        "content/docs/_index.md not translated into Español (es)",
      ])
  }

  @Test("serve rebuilds the languages that show an edited page, and only their files")
  func serveRebuilds() throws {
    let site = try Self.site()
    var session = ServedSite(options: site.options)
    #expect(session.update(changed: ["cvsite.yml"], into: RecordingSink()).succeeded)

    try site.write(
      "content/docs/install.es.md",
      "---\ntitle: Instalar\ndate: 2024-05-01\ntags: [setup]\n---\n## Requisitos {#requirements}\n\nSwift.\n\nOtra vez.\n"
    )
    let spanish = RecordingSink()
    #expect(session.update(changed: ["content/docs/install.es.md"], into: spanish).succeeded)
    #expect(spanish.writtenPages.allSatisfy { $0.hasPrefix("es/") }, "\(spanish.writtenPages)")
    // Its body alone changed: that page, and the Spanish pages that list its summary
    // (the list of tags, rendered again, has the same bytes and is not written).
    #expect(
      spanish.writtenPages == ["es/docs/install/index.html", "es/docs/index.html", "es/tags/setup/index.html"],
      "\(spanish.written)")

    // An original shown untranslated in Spanish and Arabic: all three.
    try site.write("content/docs/usage.md", "---\ntitle: Usage\n---\nUse it well.\n")
    let shown = RecordingSink()
    #expect(session.update(changed: ["content/docs/usage.md"], into: shown).succeeded)
    #expect(
      Set(shown.writtenPages).isSuperset(of: [
        "docs/usage/index.html", "es/docs/usage/index.html", "ar/docs/usage/index.html",
      ]))

    // An editor's temporary file that came and went changes nothing.
    let transient = RecordingSink()
    let nothing = session.update(changed: ["content/docs/sedA1b2C3"], into: transient)
    #expect(nothing.succeeded && nothing.pageCount == 0 && transient.written.isEmpty, "\(transient.written)")

    // A new page changes every language's tree.
    try site.write("content/docs/faq.md", "---\ntitle: FAQ\n---\nQ.\n")
    let added = RecordingSink()
    #expect(session.update(changed: ["content/docs/faq.md"], into: added).succeeded)
    #expect(Set(added.writtenPages).isSuperset(of: ["docs/faq/index.html", "es/docs/faq/index.html"]))
  }
}

@Suite("Dates by language")
struct LocalDateTests {
  @Test("days from the epoch, as a calendar counts them, for any date")
  func days() {
    #expect(LocalDates.days(year: 1970, month: 1, day: 1) == 0)
    #expect(LocalDates.days(year: 1969, month: 12, day: 31) == -1)
    #expect(LocalDates.days(year: 2000, month: 3, day: 1) == 11_017)
    #expect(LocalDates.days(year: 2024, month: 5, day: 1) == 19_844)
    #expect(LocalDates.days(year: 2024, month: 2, day: 29) == 19_782)
    #expect(LocalDates(language: "fr").text("2024-05-01T10:00:00Z") == "1 mai 2024")
    #expect(LocalDates(language: "en").text("not a date") == "not a date")
  }
}

@Suite("Translations without languages")
struct UnconfiguredTranslationTests {
  @Test("pages named as translations on a site without languages: one warning per suffix, at its first file")
  func warned() throws {
    let site = try TemporarySite(
      site: [
        "content/a.md": "A\n", "content/a.es.md": "A es\n", "content/b.md": "B\n", "content/b.es.md": "B es\n",
        "content/c.fr.md": "Only French, no original\n", "content/v.1.md": "Not a language\n",
      ])
    let built = site.build()
    #expect(built.result.succeeded)
    let warnings = built.result.diagnostics.filter { $0.message.contains("names no `languages`") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.location?.path == "content/a.es.md")
    #expect(warnings.first?.message.contains("(and 1 more files like it)") == true)
  }
}

@Suite("Languages of other generators")
struct ForeignLanguageTests {
  @Test("an MkDocs project's i18n plugin (mkdocs-static-i18n) gives the site its languages")
  func mkdocsStaticI18n() throws {
    let settings = """
      site_name: Docs
      plugins:
        - search
        - i18n:
            docs_structure: suffix
            fallback_to_default: false
            languages:
              - locale: fr
                name: Français
              - locale: en
                default: true
                name: English
              - locale: de
                build: false

      """
    let site = try TemporarySite(files: [
      "mkdocs.yml": settings, "docs/index.md": "# Home\n", "docs/index.fr.md": "# Accueil\n",
      "docs/guide.md": "# Guide\n",
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(!built.result.diagnostics.contains { $0.message.contains("plugin `i18n`") })
    let output = site.root.appendingPathComponent("site")
    #expect(try #require(site.read("fr/index.html", in: output)).contains(#"<html lang="fr" dir="ltr">"#))
    #expect(try #require(site.read("index.html", in: output)).contains(#"<html lang="en" dir="ltr">"#))
    // `fallback_to_default: false`: no French guide; `build: false`: no German at all.
    #expect(site.exists("guide/index.html", in: output) && !site.exists("fr/guide/index.html", in: output))
    #expect(!site.exists("de/index.html", in: output))
  }
}

extension ForeignLanguageTests {
  @Test("a Starlight project's locales give the site its languages: folders by key, root at the root, dir and lang")
  func starlightLocales() throws {
    let settings = """
      import { defineConfig } from 'astro/config';
      import starlight from '@astrojs/starlight';
      export default defineConfig({
        integrations: [
          starlight({
            title: 'Docs',
            defaultLocale: 'root',
            locales: {
              root: { label: 'English', lang: 'en' },
              'jp': { label: '日本語', lang: 'ja' },
              ar: { label: 'العربية', dir: 'rtl' },
            },
          }),
        ],
      });

      """
    let site = try TemporarySite(files: [
      "astro.config.mjs": settings, "src/content/docs/index.md": "# Home\n",
      "src/content/docs/guide.md": "# Guide\n", "src/content/docs/jp/guide.md": "# ガイド\n",
      "src/content/docs/ar/index.md": "# الرئيسية\n",
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let output = site.root.appendingPathComponent("dist")
    #expect(try #require(site.read("jp/guide/index.html", in: output)).contains(#"<html lang="ja" dir="ltr">"#))
    #expect(try #require(site.read("ar/index.html", in: output)).contains(#"<html lang="ar" dir="rtl">"#))
    let english = try #require(site.read("guide/index.html", in: output))
    #expect(english.contains(#"<a href="/jp/guide/" hreflang="ja" lang="ja">日本語</a>"#))
  }

  @Test(
    "Starlight: locales named by a variable of the settings, or imported from a JSON file or a module of the project",
    arguments: [
      [
        "astro.config.mjs": "export const locales = {\n  root: { label: 'English', lang: 'en' },\n"
          + "  fa: { label: 'فارسی', lang: 'fa', dir: 'rtl' },\n};\n"
          + "export default defineConfig({ integrations: [starlight({ title: 'Docs', locales })] });\n"
      ],
      [
        "astro.config.mjs": "import locales from './locales.json';\n"
          + "export default defineConfig({ integrations: [starlight({ title: 'Docs', locales, })] });\n",
        "locales.json": #"{ "root": { "label": "English", "lang": "en" }, "fa": { "label": "فارسی", "lang": "fa" } }"#,
      ],
      [
        "astro.config.ts": "import { localesConfig as all } from './config/locales';\n"
          + "export default defineConfig({ integrations: [starlight({ title: 'Docs', locales: all })] });\n",
        "config/locales.ts": "export const localesConfig = {\n  en: { label: 'English', lang: 'en' },\n"
          + "  fa: { label: 'فارسی', lang: 'fa', dir: 'rtl' },\n} satisfies StarlightUserConfig['locales'];\n",
      ],
    ])
  func starlightNamedLocales(_ settings: [String: String]) throws {
    let english = settings["config/locales.ts"] == nil ? "" : "en/"
    let site = try TemporarySite(
      files: settings.merging(
        [
          "src/content/docs/\(english)guide.md": "# Guide\n", "src/content/docs/fa/guide.md": "# راهنما\n",
        ], uniquingKeysWith: { first, _ in first }))
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let output = site.root.appendingPathComponent("dist")
    let farsi = try #require(site.read("fa/guide/index.html", in: output))
    #expect(farsi.contains(#"<html lang="fa" dir="rtl">"#))
    let original = try #require(site.read("\(english)guide/index.html", in: output))
    #expect(original.contains(#"<html lang="en" dir="ltr">"#))
    #expect(original.contains(#"hreflang="fa""#))
  }

  @Test("VitePress: rewrites move pages (the default language's folder to the root); a pattern not read is a warning")
  func vitePressRewrites() throws {
    let settings = """
      export default defineConfig({
        title: 'Docs',
        rewrites: { 'en/:rest*': ':rest*', 'old/page.md': 'new/page.md', 'packages/:pkg/src/:rest*': ':pkg/:rest*' },
        locales: { root: { label: 'English', lang: 'en-US' }, zh: { label: '简体中文', lang: 'zh-CN' } },
      })

      """
    let site = try TemporarySite(files: [
      ".vitepress/config.ts": settings, "en/index.md": "# Home\n", "en/guide.md": "# Guide\n",
      "zh/guide.md": "# 指南\n", "old/page.md": "# Moved\n",
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(built.result.diagnostics.contains { $0.message.contains("`packages/:pkg/src/:rest*` are not read") })
    let output = site.root.appendingPathComponent(".vitepress/dist")
    #expect(try #require(site.read("guide/index.html", in: output)).contains(#"hreflang="zh-CN""#))
    #expect(site.read("index.html", in: output)?.contains("Home") == true)
    #expect(site.read("en/guide/index.html", in: output) == nil)
    #expect(site.read("new/page/index.html", in: output)?.contains("Moved") == true)
  }

  @Test("VitePress: `srcDir` is the pages' folder")
  func vitePressSourceFolder() throws {
    let site = try TemporarySite(files: [
      ".vitepress/config.ts":
        "export default defineConfig({\n  title: 'Docs',\n  pwa: {\n    srcDir: '.vitepress',\n  },\n  srcDir: './src',\n})\n",
      "src/index.md": "# Home\n\nSee [the guide](/guide/setup).\n", "src/guide/setup.md": "# Setup\n",
      "README.md": "# Not a page of the site\n",
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(!built.result.diagnostics.contains { $0.message.contains("broken link") })
    let output = site.root.appendingPathComponent(".vitepress/dist")
    #expect(site.read("guide/setup/index.html", in: output)?.contains("Setup") == true)
    #expect(site.read("src/guide/setup/index.html", in: output) == nil)
  }

  @Test("VitePress: the settings' `lang` is the site's language")
  func vitePressLang() throws {
    let site = try TemporarySite(files: [
      ".vitepress/config.mts": "export default defineConfig({\n  title: 'Docs',\n  lang: 'en-US',\n})\n",
      "index.md": "# Home\n",
    ])
    #expect(site.build().result.succeeded)
    let home = try #require(site.read("index.html", in: site.root.appendingPathComponent(".vitepress/dist")))
    #expect(home.contains(#"<html lang="en-US" dir="ltr">"#))
  }

  @Test("VitePress: locales in the settings, a locale that links to another site left to it")
  func vitePressLocales() throws {
    let settings = """
      import { defineConfig } from 'vitepress'
      export default defineConfig({
        title: 'Docs',
        locales: {
          root: { label: 'English', lang: 'en-US', ...enConfig },
          zh: { label: '简体中文', lang: 'zh-CN', link: '/zh/' },
          es: { label: 'Español', lang: 'es-ES', link: 'https://es.example.com/' },
        },
      })

      """
    let site = try TemporarySite(files: [
      ".vitepress/config.ts": settings, "index.md": "# Home\n", "guide.md": "# Guide\n", "zh/guide.md": "# 指南\n",
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let output = site.root.appendingPathComponent(".vitepress/dist")
    #expect(try #require(site.read("zh/guide/index.html", in: output)).contains(#"<html lang="zh-CN" dir="ltr">"#))
    let english = try #require(site.read("guide/index.html", in: output))
    #expect(english.contains(#"<html lang="en-US" dir="ltr">"#))
    #expect(english.contains(#"hreflang="zh-CN""#) && !english.contains(#"hreflang="es-ES""#))
    #expect(site.read("es/guide/index.html", in: output) == nil)
  }

  @Test(
    "Starlight: a translation kept as a page whose original moved into a folder translates it; one of no page is a warning"
  )
  func starlightMovedOriginals() throws {
    let site = try TemporarySite(files: [
      "astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({\n"
        + "  title: 'Docs', defaultLocale: 'root',\n  locales: { root: { label: 'English', lang: 'en' }, pl: { label: 'Polski' } },\n"
        + "})] };\n",
      "src/content/docs/index.md": "# Home\n",
      "src/content/docs/actions/sort/index.md": "# Sort\n",
      "src/content/docs/pl/actions/sort.mdx": "# Sortowanie\n",
      "src/content/docs/pl/reporters.mdx": "# Raporty\n",
      // A folder without its page in English; Polish has a page at its address.
      "src/content/docs/imports/javascript.mdx": "# JavaScript\n",
      "src/content/docs/pl/imports.mdx": "# Importy\n",
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let orphans = built.result.diagnostics.filter { $0.message.contains("translates no page") }
    #expect(orphans.allSatisfy { $0.severity == .warning })
    #expect(
      orphans.compactMap(\.location?.path).sorted() == [
        "src/content/docs/pl/imports.mdx", "src/content/docs/pl/reporters.mdx",
      ])
    let output = site.root.appendingPathComponent("dist")
    #expect(try #require(site.read("pl/actions/sort/index.html", in: output)).contains("Sortowanie"))
    #expect(site.read("pl/reporters/index.html", in: output)?.contains("Raporty") == true, "published in its language")
    #expect(site.read("pl/imports/index.html", in: output)?.contains("Importy") == true, "the page, not a made section")
    let english = try #require(site.read("actions/sort/index.html", in: output))
    #expect(english.contains(#"href="/pl/actions/sort/""#), "the two are translations of each other")
  }
}

@Suite("Names in settings programs")
struct ScriptNameTests {
  @Test("a key's value names a variable, written after the key or as the key alone")
  func valueNames() {
    #expect(ScriptLiteralReader.valueName(of: "locales", in: "starlight({ title: 'A', locales: all })") == "all")
    #expect(ScriptLiteralReader.valueName(of: "locales", in: "starlight({ title: 'A', locales })") == "locales")
    #expect(ScriptLiteralReader.valueName(of: "locales", in: "starlight({\n  locales,\n})") == "locales")
    #expect(ScriptLiteralReader.valueName(of: "locales", in: "import locales from './x.json';") == nil)
    #expect(ScriptLiteralReader.valueName(of: "locales", in: "const locales = {};") == nil)
  }

  @Test("an import from outside the project, or of a package, is not read")
  func importsStayInside() throws {
    let folder = try TemporarySite(files: [
      "site/astro.config.mjs": "import locales from '../outside.json';\nstarlight({ locales })\n",
      "outside.json": #"{ "root": { "label": "English" } }"#,
    ])
    let root = folder.root.appendingPathComponent("site")
    var inputs: [String] = []
    let text = try String(contentsOf: root.appendingPathComponent("astro.config.mjs"), encoding: .utf8)
    #expect(
      ScriptLiteralReader.object(named: "locales", in: text, file: "astro.config.mjs", root: root, inputs: &inputs)
        == nil)
    let package = "import locales from 'some-package';\nstarlight({ locales })\n"
    #expect(
      ScriptLiteralReader.object(named: "locales", in: package, file: "astro.config.mjs", root: root, inputs: &inputs)
        == nil)
    // A link inside the project that leads out of it is not followed either.
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent("linked.json"),
      withDestinationURL: folder.root.appendingPathComponent("outside.json"))
    let linked = "import locales from './linked.json';\nstarlight({ locales })\n"
    #expect(
      ScriptLiteralReader.object(named: "locales", in: linked, file: "astro.config.mjs", root: root, inputs: &inputs)
        == nil)
    #expect(inputs.isEmpty)
  }
}
