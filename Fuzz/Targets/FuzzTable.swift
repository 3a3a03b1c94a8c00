// The table loader and compiler: any table either compiles or gives diagnostics (never a crash),
// and any URL the compiled router matches matches again, to the same rule with the same
// parameters, once its path is rebuilt from the pattern and the parameters (decoded values
// encoded again, dot segments gone): reverse routing and matching agree.
//
// Input: a whole table when it starts with '{'; otherwise lines: up to 8 URL patterns, then
// (after an empty line) URLs to route. URLs are also made from every pattern.
import ActivityRouter

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTable(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  withInput(data, size) { bytes in
    var urls: [String] = []
    let json: [UInt8]
    if bytes.first == UInt8(ascii: "{") {
      json = Array(bytes)
    } else {
      let text = String(decoding: bytes, as: UTF8.self)
      let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
      let blank = parts.firstIndex(of: "") ?? parts.endIndex
      let patterns = parts[..<blank].prefix(8)
      urls = parts[blank...].dropFirst().prefix(8).map(String.init)
      var routes: [UInt8] = []
      for (index, pattern) in patterns.enumerated() {
        if index > 0 { routes += Array(", ".utf8) }
        routes += Array(#"{"name": "r\#(index)", "deliver": {}, "url": "#.utf8)
        JSONWriter.appendString(String(pattern), to: &routes)
        routes += Array("}".utf8)
      }
      json =
        Array(#"{"app": "F", "platform": "iOS", "scenes": [{"id": "main"}], "routes": ["#.utf8) + routes
        + Array("]}".utf8)
    }
    guard let router = compileTable(json) else { return }
    for rule in router.table.routes {
      for pattern in rule.urlPatterns { urls.append(sampleURL(pattern)) }
    }
    for url in urls { checkRematch(url, router) }
  }
  return 0
}

/// A URL the pattern should match: placeholders filled with values of their types.
func sampleURL(_ pattern: URLPattern) -> String {
  var s = pattern.scheme + "://"
  switch pattern.host {
  case .exact(let host): s += host
  case .subdomains(let domain): s += "x." + domain
  case .parameter(let p): s += sample(p.type)
  case .valueSet(let set): s += set.values.first ?? ""
  case .none: s = pattern.scheme + ":"  // no authority: the path follows the colon
  }
  if let port = pattern.port { s += ":\(port)" }
  func literal(_ text: String) -> String { PercentDecoding.encode(text, allowing: .pathSegmentAllowed) }
  for segment in pattern.segments {
    switch segment {
    case .literal(let text): s += "/" + literal(text)
    case .parameter(let p), .optional(let p): s += "/" + sample(p.type)
    case .wildcard: s += "/w"
    case .catchAll, .optionalCatchAll: s += "/c/d"
    case .optionalLiterals(let texts): s += texts.map { "/" + literal($0) }.joined()
    case .valueSet(let set): s += "/" + literal(set.values.first ?? "")
    case .affixed(let affixed):
      s += "/"
      for part in affixed.parts {
        switch part {
        case .literal(let text): s += literal(text)
        case .capture(let p): s += sample(p.type)
        }
      }
    }
  }
  if pattern.trailingSlash { s += "/" }
  var items: [String] = []
  for constraint in pattern.query {
    let name = PercentDecoding.encode(constraint.name, allowing: .queryValueAllowed)
    switch constraint.value {
    case .present: items.append(name)
    case .literal(let v): items.append(name + "=" + PercentDecoding.encode(v, allowing: .queryValueAllowed))
    case .parameter(let p, _), .list(let p, _): items.append(name + "=" + sample(p.type))
    case .path: break
    case .affixed(let affixed):
      let value = affixed.parts.map { part -> String in
        switch part {
        case .literal(let text): return PercentDecoding.encode(text, allowing: .queryValueAllowed)
        case .capture(let p): return sample(p.type)
        }
      }.joined()
      items.append(name + "=" + value)
    }
  }
  if !items.isEmpty { s += "?" + items.joined(separator: "&") }
  if let fragment = pattern.fragment {
    switch fragment {
    case .present: s += "#"
    case .literal(let v): s += "#" + PercentDecoding.encode(v, allowing: .fragmentAllowed)
    case .parameter(let p, _), .list(let p, _): s += "#" + sample(p.type)
    case .affixed: break  // the loader refuses an affixed fragment (a fragment path is written instead)
    case .path(let path):
      s += "#" + path.prefix
      s += path.segments.map { segment -> String in
        switch segment {
        case .literal(let text): return PercentDecoding.encode(text, allowing: .pathSegmentAllowed)
        case .parameter(let p): return sample(p.type)
        default: return "c/d"
        }
      }.joined(separator: "/")
    }
  }
  return s
}

func sample(_ type: ParameterType) -> String {
  switch type {
  case .string: return "v"
  case .int: return "7"
  case .uuid: return "6f0e4f5a-6a57-4b55-9b0a-7c7c2b9b1e11"
  }
}

/// Matches `url`; when it matches, rebuilds its path from the pattern and the parameters and
/// checks that the new URL matches the same rule with the same parameters.
func checkRematch(_ url: String, _ router: CompiledRouter) {
  guard case .success(let match?) = router.match(url: url) else { return }
  guard let record = try? URLRecord(parsing: url) else {
    fuzzFailure("the router matched a URL the reader refuses: \(url)")
  }
  let pattern = router.table.routes[match.route].urlPatterns[match.pattern]
  // Not rebuilt: URLs without an authority (their path is kept as written, so there is no one
  // way to write it again) and patterns with optional literal groups (a match does not say
  // whether the group was there); their round trips are the unit tests'.
  if case .none = pattern.host { return }
  if pattern.segments.contains(where: { if case .optionalLiterals = $0 { true } else { false } }) { return }
  // The path is rebuilt fully encoded (a literal or wildcard segment: its decoded text, encoded
  // again), since the reader refuses raw characters next to escapes in one component.
  let original = record.pathSegments.map { PercentDecoding.encode($0, allowing: .pathSegmentAllowed) }
  // Which optional segments were present: those with a parameter in the match.
  var path: [String] = []
  var index = 0
  for segment in pattern.segments {
    switch segment {
    case .literal:
      path.append(original[index])
      index += 1
    case .parameter(let p):
      path.append(encoded(match.parameters[p.name], p.type))
      index += 1
    case .optional(let p):
      guard let value = match.parameters[p.name] else { continue }
      path.append(encoded(value, p.type))
      index += 1
    case .wildcard:
      path.append(original[index])
      index += 1
    case .catchAll(let name), .optionalCatchAll(let name):
      guard let value = match.parameters[name]?.stringValue else { fuzzFailure("a catch-all without a value: \(url)") }
      if value.isEmpty, case .optionalCatchAll = segment { continue }  // zero segments
      path += value.split(separator: "/", omittingEmptySubsequences: false)
        .map { PercentDecoding.encode(String($0), allowing: .pathSegmentAllowed) }
      index = original.count
    case .valueSet(let set):
      guard match.parameters[set.name] != nil else { continue }  // an optional set, absent
      path.append(original[index])
      index += 1
    case .affixed:
      path.append(original[index])
      index += 1
    case .optionalLiterals:
      return  // excluded above
    }
  }
  fuzzCheck(index == original.count, "the pattern does not account for every segment of \(url)")
  var rebuilt = path.isEmpty ? "" : "/" + path.joined(separator: "/")
  if record.hasTrailingSlash { rebuilt += "/" }
  let bytes = Array(url.utf8)
  let p = record.ranges.path
  if rebuilt.isEmpty && (record.ranges.query != nil || record.ranges.fragment != nil) && !record.ranges.hasAuthority {
    return  // an opaque URL without a path: nothing to rebuild
  }
  let again =
    String(decoding: bytes[..<p.lowerBound], as: UTF8.self) + rebuilt
    + String(decoding: bytes[p.upperBound...], as: UTF8.self)
  switch router.match(url: again) {
  case .success(let second?):
    fuzzCheck(
      second.route == match.route && second.parameters == match.parameters,
      "\(url) matched \(match.routeName) \(match.parameters); rebuilt \(again) matched \(second.routeName) \(second.parameters)"
    )
  case .success(nil):
    fuzzFailure("\(url) matched \(match.routeName); rebuilt \(again) matches nothing")
  case .failure(let error):
    fuzzFailure("\(url) matched \(match.routeName); rebuilt \(again) is refused: \(error)")
  }
}

/// A captured value written back as one path segment.
func encoded(_ value: JSONValue?, _ type: ParameterType) -> String {
  switch value {
  case .string(let s)?: return PercentDecoding.encode(s, allowing: .pathSegmentAllowed)
  case .number(let n)?: return n.text
  default: fuzzFailure("a parameter without a value")
  }
}
