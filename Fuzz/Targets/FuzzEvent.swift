// The JSON event decoder: any line starting with '{' is an event or an error with a column in
// the line; the JSON it parses writes back and parses again to the same value.
import ActivityRouter

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvent(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  withInput(data, size) { bytes in
    var line = Array(bytes)
    if line.first != UInt8(ascii: "{") { line.insert(UInt8(ascii: "{"), at: 0) }
    let result = line.withUnsafeBufferPointer { EventReader.read(utf8: $0) }
    if case .failure(let error) = result {
      fuzzCheck(error.column >= 1 && error.column <= line.count + 1, "column \(error.column) outside the line")
    }
    // The JSON layer on its own: parse, write, parse gives the same value.
    guard let node = try? JSONParser.parse(line, limits: JSONLimits.eventLine) else { return }
    let value = node.value
    var written: [UInt8] = []
    JSONWriter.append(value, to: &written)
    guard let again = try? JSONParser.parse(written, limits: JSONLimits(maxDepth: 64, maxBytes: 1 << 24)) else {
      fuzzFailure("written JSON does not parse: \(String(decoding: written, as: UTF8.self))")
    }
    fuzzCheck(again.value == value, "JSON changed on a round trip: \(String(decoding: written, as: UTF8.self))")
  }
  return 0
}
