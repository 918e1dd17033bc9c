import ArgumentParser
import CoachApp

/// `--kdf interactive|moderate|sensitive`, checked by the parser.
extension PassphraseStrength: ExpressibleByArgument {}
