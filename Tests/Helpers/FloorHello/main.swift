import Foundation

// The floor of `launch.cold`: a Foundation program that starts, prints and exits, built the
// same way as `recipe-assistant`.
FileHandle.standardOutput.write(Data("hello\n".utf8))
