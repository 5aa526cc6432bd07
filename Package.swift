// swift-tools-version: 6.0
import PackageDescription

// Imports point one way (see ../shared/STYLE.md):
//   C*        system libraries, no Swift
//   DSP       pure Swift, no Foundation, no I/O; imports only RealModule
//   Files     atomic output files (Foundation)
//   AudioIO   the only importer of the C modules; imports DSP, Files
//   Manifest  verse text, records, sidecars; imports DSP, Files
//   Alignment imports DSP
//   Render    imports DSP
//   Pages     review and player pages (static HTML); imports Manifest
//   Pipeline  one function per CLI command; imports everything
//   prep      CLI only
let cSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
// The DSP loops are the hot path; keep them optimised even in `swift test`.
let fast: [SwiftSetting] = cSettings + [.unsafeFlags(["-O"])]

let package = Package(
  name: "prep",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "prep", targets: ["prep"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
  ],
  targets: [
    .systemLibrary(
      name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
    .systemLibrary(
      name: "CSamplerate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),
    .systemLibrary(
      name: "CMpg123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
    .systemLibrary(
      name: "CEbur128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
    .systemLibrary(
      name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(name: "COpus", pkgConfig: "opus", providers: [.apt(["libopus-dev"])]),
    .systemLibrary(name: "CLame", pkgConfig: "lame", providers: [.apt(["libmp3lame-dev"])]),

    .target(
      name: "DSP",
      dependencies: [.product(name: "RealModule", package: "swift-numerics")],
      swiftSettings: fast),
    .target(name: "Files", swiftSettings: fast),
    .target(
      name: "AudioIO",
      dependencies: ["DSP", "Files", "CSndfile", "CSamplerate", "CMpg123", "CCrypto", "COpus", "CLame"],
      swiftSettings: fast),
    .target(name: "Manifest", dependencies: ["DSP", "Files"], swiftSettings: cSettings),
    .target(name: "Alignment", dependencies: ["DSP"], swiftSettings: fast),
    .target(name: "Render", dependencies: ["DSP"], swiftSettings: fast),
    .target(name: "Pages", dependencies: ["Manifest"], swiftSettings: cSettings),
    .target(
      name: "Pipeline",
      dependencies: ["DSP", "Files", "AudioIO", "Manifest", "Alignment", "Render", "Pages"],
      swiftSettings: cSettings),
    .executableTarget(
      name: "prep",
      dependencies: [
        "Pipeline", "Render", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: cSettings),
    .target(name: "TestSupport", dependencies: ["DSP"], swiftSettings: cSettings),

    .testTarget(name: "DSPTests", dependencies: ["DSP", "TestSupport"], swiftSettings: fast),
    .testTarget(
      name: "AudioIOTests", dependencies: ["AudioIO", "CEbur128", "CSndfile", "TestSupport"],
      swiftSettings: cSettings),
    .testTarget(
      name: "ManifestTests", dependencies: ["Manifest", "TestSupport"], exclude: ["Snapshots"],
      swiftSettings: cSettings),
    .testTarget(
      name: "AlignmentTests", dependencies: ["Alignment", "TestSupport"], swiftSettings: fast),
    .testTarget(
      name: "RenderTests", dependencies: ["Render", "TestSupport"], swiftSettings: fast),
    .testTarget(name: "PagesTests", dependencies: ["Pages", "Manifest"], swiftSettings: cSettings),
    .testTarget(
      name: "EndToEndTests", dependencies: ["Pipeline", "AudioIO", "Files", "Manifest", "Render", "TestSupport"],
      exclude: ["Snapshots"], swiftSettings: cSettings),
  ]
)

// libFuzzer harnesses (Fuzz/, `make fuzz`): declared only when PREP_FUZZ is set, so the normal
// build and `swift test` never see them. Built with `-sanitize=fuzzer,address`; each main.swift
// starts libFuzzer through CFuzzDriver.
if Context.environment["PREP_FUZZ"] != nil {
  package.targets += [
    .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
    .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"], path: "Fuzz/FuzzSupport"),
  ]
  for (harness, module) in [
    ("FuzzUSFM", "Manifest"), ("FuzzPlainText", "Manifest"), ("FuzzLabels", "Manifest"),
    ("FuzzRecords", "Manifest"), ("FuzzWAVHeader", "AudioIO"), ("FuzzOggFLACTags", "AudioIO"),
    ("FuzzID3Tag", "AudioIO"), ("FuzzAlignFromRecord", "Pipeline"),
  ] {
    package.targets.append(
      .executableTarget(
        name: harness, dependencies: [.target(name: module), "FuzzSupport"], path: "Fuzz/\(harness)"))
  }
}
