import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// A Docusaurus site's blog, published as Docusaurus publishes it.
@Suite struct DocusaurusBlogTests {
  static let files = [
    "docusaurus.config.js": """
    module.exports = {
      title: 'Widgets',
      url: 'https://widgets.example',
      baseUrl: '/',
      presets: [['classic', {
        docs: { sidebarPath: './sidebars.js' },
        blog: { blogTitle: 'News', blogDescription: 'What is new.', postsPerPage: 2 },
      }]],
    };

    """,
    "sidebars.js": "module.exports = { docs: ['intro'] };\n",
    "docs/intro.md": "# Intro\n\nHello.\n",
    "blog/2019-05-28-first-post.md":
      "---\nauthors: [jane, {name: Bob Inline}]\ntags: [release]\n---\n\n# First post\n\nOpening words.\n\n<!-- truncate -->\n\nThe rest.\n",
    "blog/2021-08-26-welcome/index.md": "---\ntitle: Welcome\nauthors: jane\n---\n\nWelcome words. ![pic](./pic.png)\n",
    "blog/2021-08-26-welcome/pic.png": "PNG",
    "blog/custom.md": "---\nslug: custom-place\ndate: 2020-01-02\nauthor: Old Style\n---\n\n# Custom\n\nText.\n",
    "blog/authors.yml": "jane:\n  name: Jane Doe\n  url: https://example.com\n",
  ]

  @Test("posts at their dated URLs, newest first on the blog's pages, with their authors and summaries")
  func blogIsPublished() throws {
    let site = try TemporarySite(files: Self.files)
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(
      built.result.diagnostics.filter { $0.severity == .warning }.count == 1, "\(built.result.diagnostics.summaries)")
    let output = site.root.appendingPathComponent("build")
    let first = try #require(site.read("blog/2019/05/28/first-post/index.html", in: output))
    #expect(first.contains(#"<time datetime="2019-05-28">"#))
    #expect(first.contains("Jane Doe, Bob Inline"))
    let welcome = try #require(site.read("blog/2021/08/26/welcome/index.html", in: output))
    #expect(welcome.contains(#"src="./pic.png""#))
    #expect(site.read("blog/2021/08/26/welcome/pic.png", in: output) == "PNG")
    let custom = try #require(site.read("blog/custom-place/index.html", in: output))
    #expect(custom.contains("Old Style") && custom.contains(#"datetime="2020-01-02""#))
    // The blog's page: its title, two posts a page, newest first.
    let blog = try #require(site.read("blog/index.html", in: output))
    #expect(blog.contains("<h1 class=\"cv-title\">News</h1>"))
    let welcomeAt = try #require(blog.range(of: "/blog/2021/08/26/welcome/"))
    let customAt = try #require(blog.range(of: "/blog/custom-place/"))
    #expect(welcomeAt.lowerBound < customAt.lowerBound)
    #expect(!blog.contains("/blog/2019/05/28/first-post/\""))
    let second = try #require(site.read("blog/page/2/index.html", in: output))
    #expect(second.contains("Opening words.") && !second.contains("The rest."))
    // The blog's own feeds, where Docusaurus writes them, newest post first.
    let rss = try #require(site.read("blog/rss.xml", in: output))
    #expect(rss.contains("<title>News</title>") && rss.contains("<description>What is new.</description>"))
    #expect(rss.contains("<pubDate>Tue, 28 May 2019 00:00:00 GMT</pubDate>"))
    let items = rss.components(separatedBy: "<item>").dropFirst().map { $0.prefix(200) }
    #expect(items.count == 3 && items.first?.contains("Welcome") == true)
    let atom = try #require(site.read("blog/atom.xml", in: output))
    #expect(atom.contains(#"<link rel="self" href="https://widgets.example/blog/atom.xml"/>"#))
    #expect(rss.contains("<link>https://widgets.example/blog/2021/08/26/welcome/</link>"))
    #expect(atom.components(separatedBy: "<entry>").count == 4)
    // The docs keep their sidebar; the authors file is no page.
    #expect(site.read("blog/authors/index.html", in: output) == nil)
    #expect(site.read("tags/release/index.html", in: output)?.contains("First post") == true)
  }

  @Test("`blog: false`, or no blog folder, publishes no blog")
  func noBlog() throws {
    var files = Self.files
    files["docusaurus.config.js"] = "module.exports = { title: 'W', presets: [['classic', { blog: false }]] };\n"
    let site = try TemporarySite(files: files)
    #expect(site.build().result.succeeded)
    #expect(site.read("blog/index.html", in: site.root.appendingPathComponent("build")) == nil)
  }

  @Test("front matter cvsite cannot read in another generator's project is a warning; the post is published")
  func unreadFrontMatter() throws {
    var files = Self.files
    files["blog/2015-02-15-old.md"] =
      "---\nlayout: post\ndate: 2015-02-15 9:18:00\nunlisted: true\n---\n\n# Old\n\nText.\n"
    let site = try TemporarySite(files: files)
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    let warnings = built.result.diagnostics.filter { $0.location?.path == "blog/2015-02-15-old.md" }
    #expect(warnings.count == 3 && warnings.allSatisfy { $0.severity == .warning }, "\(warnings)")
    #expect(warnings.contains { $0.message.contains("`unlisted`") })
    let old = try #require(site.read("blog/2015/02/15/old/index.html", in: site.root.appendingPathComponent("build")))
    #expect(old.contains(#"datetime="2015-02-15""#))
  }

  @Test("a post's name gives its date and URL; a slug its URL under the route")
  func postURLs() {
    #expect(BlogFeeds.rfc822("2024-05-01") == "Wed, 01 May 2024 00:00:00 GMT")
    #expect(BlogFeeds.rfc822("2000-02-29T10:00:00Z") == "Tue, 29 Feb 2000 00:00:00 GMT")
    #expect(BlogFeeds.rfc822("2024-13-01") == "2024-13-01")
    let blog = DocusaurusBlog()
    #expect(blog.url(ofPost: "blog/2024-05-01-launch.md", slug: nil) == "/blog/2024/05/01/launch/")
    #expect(blog.url(ofPost: "blog/2024/05/01/launch.mdx", slug: nil) == "/blog/2024/05/01/launch/")
    #expect(blog.url(ofPost: "blog/notes.md", slug: nil) == "/blog/notes/")
    #expect(blog.url(ofPost: "blog/2024-05-01-launch.md", slug: "/hello/") == "/blog/hello/")
    #expect(blog.date(ofPost: "blog/2024-05-01-launch.md") == "2024-05-01")
    #expect(blog.date(ofPost: "blog/notes.md") == nil)
    #expect(DocusaurusBlog.authorNames(inYAML: "a:\n  name: Ann\nb:\n  title: T\n") == ["a": "Ann", "b": "b"])
  }
}

/// Links as Docusaurus pages write them, whose URLs end without a slash.
@Suite struct DocusaurusLinkTests {
  @Test("a relative link that leads nowhere from the page's URL is read from the page's folder")
  func relativeFromFolder() throws {
    let site = try TemporarySite(files: [
      "docusaurus.config.js": "module.exports = { title: 'W' };\n",
      "docs/cli.md": "# CLI\n\nSee [options](configuration#reporters) and [a child](cli/more).\n",
      "docs/cli/more.md": "# More\n",
      "docs/Configuration.md": "---\nid: configuration\n---\n# Configuration\n\n## Reporters\n",
    ])
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.summaries)")
    #expect(
      !built.result.diagnostics.contains { $0.message.contains("broken link") }, "\(built.result.diagnostics.summaries)"
    )
    let cli = try #require(site.read("cli/index.html", in: site.root.appendingPathComponent("build")))
    #expect(cli.contains(#"href="/configuration/#reporters""#))
    #expect(LinkChecker.folder(of: "/docs/cli/") == "/docs/" && LinkChecker.folder(of: "/") == "/")
  }
}
