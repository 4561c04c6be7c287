import Foundation

/// What the last render made each output from, kept by `serve` between rebuilds: a
/// page whose body was not read again and whose layout inputs are the same keeps its
/// files as they are, and a file whose bytes are the same is not written again.
///
/// The numbers are `Hasher` values: equal within one process, which is all a memo of
/// one `serve` needs.
struct RenderMemo: Sendable {
  /// What one page's files were made from.
  struct Entry: Sendable, Equatable {
    /// ``PageLayouts/layoutInputs(for:base:rewrittenBody:listingKeys:in:navigation:)``.
    var inputs: Int
    /// The page's files: its own and those of its listing's later parts.
    var files: [String]
  }

  /// By the page's site path.
  var pages: [String: Entry] = [:]
  /// The inputs of each page the taxonomies add, by output path.
  var taxonomyPages: [String: Int] = [:]

  /// This memo with what a partial render (of some pages) found replacing what it had.
  func merging(_ newer: RenderMemo) -> RenderMemo {
    var merged = self
    merged.pages.merge(newer.pages) { $1 }
    merged.taxonomyPages.merge(newer.taxonomyPages) { $1 }
    return merged
  }
}
