// `PropertyListValue` (a user activity's `userInfo`, an Info.plist read by `AppManifest`) is
// part of this module's interface.
@_exported import PropertyListSafety
