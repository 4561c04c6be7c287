import Foundation

/// A Docusaurus blog's own feeds, where Docusaurus writes them (`blog/rss.xml`,
/// `blog/atom.xml`): its newest posts, so that a reader subscribed to the old site's feed
/// keeps it.
enum BlogFeeds {
  /// The RSS 2.0 feed of `posts` (newest first), titled after the blog.
  static func rss(_ posts: [SitePage], blog: DocusaurusBlog, config: SiteConfig) -> String? {
    let dated = newestDatedPages(posts, count: Feeds.entries)
    guard let newest = dated.first?.metadata.date else { return nil }
    let home = config.absoluteURL(config.homePath + blog.route + "/")
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += #"<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">"# + "\n"
    xml += "  <channel>\n"
    xml += "    <title>\(escapeXML(blog.title))</title>\n"
    xml += "    <link>\(escapeXML(home))</link>\n"
    xml += "    <description>\(escapeXML(blog.description ?? blog.title))</description>\n"
    let selfURL = escapeXML(config.absoluteURL(config.homePath + blog.route + "/rss.xml"))
    xml += #"    <atom:link href="\#(selfURL)" rel="self" type="application/rss+xml"/>"# + "\n"
    xml += "    <lastBuildDate>\(rfc822(newest))</lastBuildDate>\n"
    xml += "    <language>\(escapeXML(config.language))</language>\n"
    for post in dated {
      let url = escapeXML(config.absoluteURL(post.url))
      xml += "    <item>\n"
      xml += "      <title>\(escapeXML(post.metadata.title))</title>\n"
      xml += "      <link>\(url)</link>\n"
      xml += #"      <guid isPermaLink="true">\#(url)</guid>"# + "\n"
      xml += "      <pubDate>\(rfc822(post.metadata.date ?? newest))</pubDate>\n"
      xml += "      <description>\(escapeXML(post.summary))</description>\n"
      xml += "    </item>\n"
    }
    return xml + "  </channel>\n</rss>\n"
  }

  /// An RFC 822 date, as RSS writes one, for a front-matter date (`2024-05-01`, or with
  /// a time: its day is kept, at midnight UTC).
  static func rfc822(_ date: String) -> String {
    let parts = date.prefix(10).split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return date }
    var components = DateComponents()
    (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    guard let day = calendar.date(from: components) else { return date }
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let weekday = weekdays[(calendar.component(.weekday, from: day) + 6) % 7]
    let two = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
    return "\(weekday), \(two(parts[2])) \(months[parts[1] - 1]) \(parts[0]) 00:00:00 GMT"
  }
}
