import CoachServer

await CoachServerCommand.run()
