import CoachCLI
print(CLIVersion.n)
