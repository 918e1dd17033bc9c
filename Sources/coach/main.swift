import CoachCLI

CoachCommand.main()
