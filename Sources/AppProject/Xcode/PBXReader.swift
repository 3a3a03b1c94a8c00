import AppleAppFiles
import RouterSupport

/// Walks the objects of a parsed `project.pbxproj` into an ``XcodeProject``: the `PBXProject`,
/// its `XCConfigurationList`s and `XCBuildConfiguration`s, the `PBXNativeTarget`s, their
/// Sources phases (`PBXBuildFile` → `PBXFileReference`) and synchronized folders
/// (`PBXFileSystemSynchronizedRootGroup` and its exception sets), and the group tree that gives
/// each file its path (`sourceTree` `<group>`, `SOURCE_ROOT`, `<absolute>`).
struct PBXReader {
  let source: SourceText
  let objects: [String: PlistNode]
  let projectPath: String
  var files: ProjectFiles
  var log: DiagnosticLog
  /// The group that lists each object among its `children`.
  private var parents: [String: String] = [:]
  private var mainGroup: String?
  private var directory: String = ""

  init(source: SourceText, objects: [PlistNode.Entry], projectPath: String, files: ProjectFiles, log: DiagnosticLog) {
    self.source = source
    self.objects = Dictionary(objects.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    self.projectPath = projectPath
    self.files = files
    self.log = log
    for (id, object) in self.objects {
      for child in object["children"]?.strings ?? [] { parents[child] = id }
    }
  }

  func location(_ offset: Int) -> SourceLocation { source.location(at: offset) }

  /// The object `id` names, or nil after an error at the entry that names it.
  mutating func object(_ id: String, at entry: PlistNode.Entry?, expecting isa: [String] = []) -> PlistNode? {
    guard let object = objects[id] else {
      log.error(
        .invalidProject, "the object '\(id)' that \(entry.map { "'\($0.key)'" } ?? "the project") names does not exist",
        at: entry.map { location($0.value.offset) })
      return nil
    }
    if !isa.isEmpty, let kind = object["isa"]?.string, !isa.contains(kind) {
      log.error(
        .invalidProject, "'\(entry?.key ?? id)' names a \(kind), expected \(isa.joined(separator: " or "))",
        at: entry.map { location($0.value.offset) })
      return nil
    }
    return object
  }

  mutating func project(_ node: PlistNode, id: String) -> XcodeProject {
    let name = String(ProjectFiles.name(of: projectPath).dropLast(".xcodeproj".count))
    let base = ProjectFiles.directory(of: projectPath)
    let dirPath = node["projectDirPath"]?.string ?? ""
    directory = dirPath.isEmpty ? base : files.absolute(dirPath, from: base)
    mainGroup = node["mainGroup"]?.string
    let (configurations, defaultName) = configurationList(node, owner: "the project")
    var project = XcodeProject(
      path: projectPath, directory: directory, name: name, configurations: configurations,
      defaultConfigurationName: defaultName, targets: [])
    let attributes = node["attributes"]?["TargetAttributes"]
    for entry in node["targets"]?.array ?? [] {
      guard let targetID = entry.string else { continue }
      let named = PlistNode.Entry(key: "targets", keyOffset: entry.offset, value: entry)
      guard let target = object(targetID, at: named) else { continue }
      guard target["isa"]?.string == "PBXNativeTarget" else { continue }  // aggregate and legacy targets build no app
      var read = self.target(target, id: targetID)
      if let team = attributes?[targetID]?.entry("DevelopmentTeam"), let value = team.value.string {
        read.attributeTeam = Located(value, at: location(team.keyOffset))
      }
      project.targets.append(read)
    }
    return project
  }

  /// The configurations of the `buildConfigurationList` of `node`, and the default's name.
  mutating func configurationList(_ node: PlistNode, owner: String) -> ([XcodeProject.Configuration], String?) {
    guard let entry = node.entry("buildConfigurationList"), let listID = entry.value.string else {
      log.error(.invalidProject, "\(owner) has no buildConfigurationList", at: location(node.offset))
      return ([], nil)
    }
    guard let list = object(listID, at: entry, expecting: ["XCConfigurationList"]) else { return ([], nil) }
    var configurations: [XcodeProject.Configuration] = []
    for item in list["buildConfigurations"]?.array ?? [] {
      guard let configID = item.string,
        let config = object(
          configID, at: .init(key: "buildConfigurations", keyOffset: item.offset, value: item),
          expecting: ["XCBuildConfiguration"])
      else { continue }
      configurations.append(configuration(config))
    }
    return (configurations, list["defaultConfigurationName"]?.string)
  }

  mutating func configuration(_ node: PlistNode) -> XcodeProject.Configuration {
    let name = node["name"]?.string ?? "(unnamed)"
    var settings: [BuildSettingAssignment] = []
    for entry in node["buildSettings"]?.entries ?? [] {
      let value: String
      switch entry.value.kind {
      case .string(let s): value = s
      case .array(let items):
        value = items.compactMap(\.string).map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
      default:
        log.warning(
          .invalidProject, "the build setting '\(entry.key)' is neither a string nor a list; it is ignored",
          at: location(entry.keyOffset))
        continue
      }
      guard
        let assignment = BuildSettingAssignment(
          parsingKey: entry.key, value: value, level: .target, location: location(entry.keyOffset))
      else {
        log.warning(
          .invalidProject, "'\(entry.key)' is not a build setting name; it is ignored", at: location(entry.keyOffset))
        continue
      }
      settings.append(assignment)
    }
    var config = XcodeProject.Configuration(
      name: name, settings: settings, baseConfiguration: nil, baseConfigurationLocation: nil,
      location: location(node.offset))
    if let entry = node.entry("baseConfigurationReference"), let refID = entry.value.string {
      config.baseConfigurationLocation = location(entry.keyOffset)
      if objects[refID] != nil {
        config.baseConfiguration = path(of: refID)
      } else {
        _ = object(refID, at: entry)
      }
    } else if let anchor = node.entry("baseConfigurationReferenceAnchor"), let anchorID = anchor.value.string,
      let relative = node["baseConfigurationReferenceRelativePath"]?.string
    {
      // Xcode 16: an xcconfig inside a folder it keeps in sync.
      config.baseConfigurationLocation = location(anchor.keyOffset)
      if let folder = path(of: anchorID) { config.baseConfiguration = files.absolute(relative, from: folder) }
    }
    return config
  }

  mutating func target(_ node: PlistNode, id: String) -> XcodeProject.Target {
    let name = node["name"]?.string ?? node["productName"]?.string ?? "(unnamed)"
    let (configurations, defaultName) = configurationList(node, owner: "the target '\(name)'")
    var target = XcodeProject.Target(
      name: name, productType: node["productType"]?.string ?? "", configurations: configurations,
      defaultConfigurationName: defaultName, sourceFiles: [], attributeTeam: nil, location: location(node.offset))
    var sources: [String] = []
    for phaseEntry in node["buildPhases"]?.array ?? [] {
      guard let phaseID = phaseEntry.string, let phase = objects[phaseID],
        phase["isa"]?.string == "PBXSourcesBuildPhase"
      else { continue }
      for fileEntry in phase["files"]?.array ?? [] {
        guard let buildFileID = fileEntry.string,
          let buildFile = object(buildFileID, at: .init(key: "files", keyOffset: fileEntry.offset, value: fileEntry)),
          let refEntry = buildFile.entry("fileRef"), let refID = refEntry.value.string,
          let reference = object(refID, at: refEntry)
        else { continue }
        guard let path = path(of: refID) else { continue }
        guard path.hasSuffix(".swift") else { continue }
        if !ProjectFiles.isFile(path) {
          log.warning(
            .missingProjectFile,
            "the source file '\(files.display(path))' of the target '\(name)' does not exist; it is not read",
            at: location(reference.offset))
          continue
        }
        sources.append(path)
      }
    }
    for groupEntry in node["fileSystemSynchronizedGroups"]?.array ?? [] {
      guard let groupID = groupEntry.string,
        let group = object(
          groupID, at: .init(key: "fileSystemSynchronizedGroups", keyOffset: groupEntry.offset, value: groupEntry)),
        let folder = path(of: groupID)
      else { continue }
      guard ProjectFiles.isDirectory(folder) else {
        log.warning(
          .missingProjectFile, "the folder '\(files.display(folder))' of the target '\(name)' does not exist",
          at: location(group.offset))
        continue
      }
      var excluded: Set<String> = []
      for exceptionID in group["exceptions"]?.strings ?? [] {
        guard let exception = objects[exceptionID], exception["target"]?.string == id else { continue }
        for relative in exception["membershipExceptions"]?.strings ?? [] {
          excluded.insert(files.absolute(relative, from: folder))
        }
      }
      sources += ProjectFiles.files(under: folder, suffix: ".swift").filter { !excluded.contains($0) }
    }
    target.sourceFiles = Array(Set(sources)).sorted()
    return target
  }

  /// The absolute path of a file reference or group, following its `sourceTree`; nil for files
  /// outside the source tree (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`).
  func path(of id: String, depth: Int = 0) -> String? {
    guard depth < 64, let node = objects[id] else { return nil }
    let own = node["path"]?.string
    switch node["sourceTree"]?.string ?? "<group>" {
    case "<absolute>":
      return own.map { ProjectFiles.normalize($0) }
    case "SOURCE_ROOT":
      return files.absolute(own ?? "", from: directory)
    case "<group>":
      let parentPath: String
      if id == mainGroup {
        parentPath = directory
      } else if let parent = parents[id], let p = path(of: parent, depth: depth + 1) {
        parentPath = p
      } else {
        parentPath = directory
      }
      return own.map { files.absolute($0, from: parentPath) } ?? parentPath
    default:
      return nil
    }
  }
}
