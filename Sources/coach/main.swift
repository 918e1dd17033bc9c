import CoachCLI

await CoachCommand.start()
