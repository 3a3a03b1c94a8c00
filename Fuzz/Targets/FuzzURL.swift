// The URL reader: any bytes either are refused or give a record whose every component decodes,
// and whose serialization (Foundation's absoluteString, as the reader reproduces it) reads back
// to the same parts: scheme, host, port, path segments, query items and fragment.
import ActivityRouter

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  withInput(data, size) { bytes in
    guard case .success(let ranges) = URLSyntax.parse(bytes) else { return }
    guard let text = String(validating: bytes, as: UTF8.self) else { fuzzFailure("accepted bytes that are not UTF-8") }
    // Every component the reader accepted decodes once, cleanly.
    for range in [ranges.path, ranges.query, ranges.fragment].compactMap({ $0 }) {
      var out: [UInt8] = []
      fuzzCheck(
        PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[range]), into: &out),
        "an accepted component does not decode: \(text.debugDescription)")
    }
    let record: URLRecord
    do throws(URLReadError) { record = try URLRecord(parsing: text) } catch {
      // Only the segment limit is checked on top of parse.
      fuzzCheck(error.reason == URLReadError.Reason.tooManySegments, "URLRecord refuses what parse accepts: \(error)")
      return
    }
    _ = record.pathSegments
    _ = record.queryItems
    let serialized = record.absoluteString
    // Foundation percent-encodes the non-ASCII host of a few Apple schemes (tel, facetime, …):
    // the serialization reads back as an opaque escaped host, another host than the IDNA form
    // the raw spelling is compared by, so the host cannot round-trip, by design.
    if !record.ranges.hostIsASCII, serialized.contains("%"), let host = record.host, host.contains("%") { return }
    let again: URLRecord
    do throws(URLReadError) { again = try URLRecord(parsing: serialized) } catch {
      fuzzFailure("the serialization of \(text.debugDescription) is refused: \(serialized.debugDescription): \(error)")
    }
    fuzzCheck(again.normalizedScheme == record.normalizedScheme, "scheme changed: \(text.debugDescription)")
    fuzzCheck(
      again.normalizedHost == record.normalizedHost,
      "host changed: \(text.debugDescription) -> \(serialized.debugDescription)")
    fuzzCheck(again.port == record.port, "port changed: \(text.debugDescription)")
    fuzzCheck(
      again.pathSegments == record.pathSegments && again.hasTrailingSlash == record.hasTrailingSlash,
      "path changed: \(text.debugDescription) -> \(serialized.debugDescription)")
    fuzzCheck(
      again.queryItems.map { "\($0.name)=\($0.value ?? "<nil>")" }
        == record.queryItems.map { "\($0.name)=\($0.value ?? "<nil>")" },
      "query changed: \(text.debugDescription) -> \(serialized.debugDescription)")
    fuzzCheck(again.decodedFragment == record.decodedFragment, "fragment changed: \(text.debugDescription)")
    fuzzCheck(again.absoluteString == serialized, "serialization is not stable: \(text.debugDescription)")
  }
  return 0
}
