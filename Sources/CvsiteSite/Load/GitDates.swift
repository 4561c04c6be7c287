import Foundation

/// When each content file last changed, from one `git log` over the whole `content/`
/// folder (not one process per page): for `lastUpdated: git`.
enum GitDates {
  /// Each file's path under `content/` and the date (`YYYY-MM-DD`) of the newest commit
  /// that touched it. Empty when git is missing or the site is not in a repository; a
  /// file not yet committed has no entry.
  /// With `ref`, the dates of the files as that ref holds them (a version read from git).
  static func lastCommitDates(contentFolder: URL, ref: String? = nil) -> [String: String] {
    // Newest first; a line of \u{1} and the committer date starts each commit, then the
    // paths it touched, relative to `content/`.
    var arguments = ["log"] + (ref.map { [$0] } ?? [])
    arguments += ["--format=format:%x01%cs", "--name-only", "--relative", "--no-renames", "--", "."]
    // A version read from git may have no folder here: its parent then, and its name.
    var folder = contentFolder
    var inside = ""
    if ref != nil, !FileManager.default.fileExists(atPath: folder.path) {
      inside = folder.lastPathComponent + "/"
      arguments[arguments.count - 1] = folder.lastPathComponent
      folder = folder.deletingLastPathComponent()
    }
    guard let data = GitContent.run(arguments, in: folder) else { return [:] }
    let dates = parse(Data(data))
    guard !inside.isEmpty else { return dates }
    return Dictionary(
      dates.compactMap { $0.key.hasPrefix(inside) ? (String($0.key.dropFirst(inside.count)), $0.value) : nil },
      uniquingKeysWith: { first, _ in first })
  }

  /// The dates in `git log` output of the format above: the first (newest) date per path.
  static func parse(_ data: Data) -> [String: String] {
    var dates: [String: String] = [:]
    var current: String?
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      if line.first == 0x01 {
        current = String(decoding: line.dropFirst(), as: UTF8.self)
      } else if let current, dates[String(decoding: line, as: UTF8.self)] == nil {
        dates[String(decoding: line, as: UTF8.self)] = current
      }
    }
    return dates
  }
}
