import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct DeviceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device",
        abstract: "The machines users sign in on, each with its own signing key.",
        subcommands: [
            DeviceListCommand.self, DeviceRevokeCommand.self, DeviceAddCommand.self,
            DeviceApproveCommand.self,
        ])
}

struct DeviceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Every device of the workspace, phones' check-in pages too; * marks this one.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let devices = try global.session().devices()
            if output.json {
                print(try Render.json(devices, shape: "device-list", key: "devices")); return
            }
            print(
                Render.table(
                    ["", "DEVICE", "KIND", "USER", "NAME", "CREATED", "STATUS"],
                    devices.map { device in
                        let by = device.revokedBy?.rawValue ?? "?"
                        let status =
                            device.revoked ? "revoked by \(by) \(device.revokedAt ?? "")" : "active"
                        // A web device is a phone's check-in page: for whom, approved by whom.
                        let kind = device.athlete.map { "web for \($0)" } ?? "machine"
                        let user =
                            device.athlete == nil
                            ? device.user.rawValue : "approved by \(device.user.rawValue)"
                        return [
                            device.thisMachine ? "*" : "", String(device.id.rawValue.prefix(8)),
                            kind, user, device.name, device.createdAt, status,
                        ]
                    }))
        }
    }
}

struct DeviceRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke a device: it may sign nothing more (the owner, or its own user).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The device id, or a unique prefix of it ('device list' shows them).")
    var id: String
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard id.count >= 4, id.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw ValidationError(
                "device id '\(id)' is not an id or a prefix of at least four characters; "
                    + "run 'coach device list' to see them")
        }
    }

    func run() throws {
        try guarded {
            let device = try global.session().revokeDevice(id)
            if output.json { print(try Render.json(device, shape: "device-revoked")); return }
            print("Revoked device \(device.id) (\(device.name), \(device.user)).")
        }
    }
}
