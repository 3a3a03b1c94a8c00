import ActivityRouterTestSupport
import Foundation

/// A fenced block of a docs page (```` ```console ````, ```` ```swift ````), with the marker comment
/// on the line before it: what ConsoleBlocksTests and SwiftSnippetsTests read from the pages.
struct FencedBlock {
  var page: String
  /// The page's line number (from 1) of the block's first line, the one after the fence.
  var firstLine: Int
  /// The text of a `<!-- PREFIX… -->` comment on the line before the fence, without the prefix
  /// and the ` -->`; nil without one.
  var marker: String?
  /// The lines between the fences.
  var body: [String]

  /// The blocks of `page` fenced with ```` ```language ````, in page order; none if the page
  /// cannot be read.
  static func blocks(of page: String, language: String, markerPrefix: String) -> [FencedBlock] {
    guard let text = try? FixturePaths.text(FixturePaths.path(page)) else { return [] }
    let lines = text.components(separatedBy: "\n")
    var blocks: [FencedBlock] = []
    var i = 0
    while i < lines.count {
      guard lines[i] == "```" + language else {
        i += 1
        continue
      }
      let previous = i > 0 ? lines[i - 1] : ""
      let marker =
        previous.hasPrefix(markerPrefix) && previous.hasSuffix(" -->")
        ? String(previous.dropFirst(markerPrefix.count).dropLast(" -->".count)) : nil
      var block = FencedBlock(page: page, firstLine: i + 2, marker: marker, body: [])
      i += 1
      while i < lines.count, lines[i] != "```" {
        block.body.append(lines[i])
        i += 1
      }
      i += 1
      blocks.append(block)
    }
    return blocks
  }
}
