import Foundation

/// Renders a fixture as the context XML libiio 0.24 generates (`iio_context_get_xml`): the same DTD, element
/// order (channels, attributes, buffer attributes, debug attributes), `key="value" ` spacing and escaping, so that
/// the network client parses exactly what a real iiod would send.
enum IIOContextXML {
    /// libiio 0.24's document type declaration, which precedes every context it serialises.
    static let header = """
        <?xml version="1.0" encoding="utf-8"?><!DOCTYPE context [<!ELEMENT context (device | context-attribute)*>\
        <!ELEMENT context-attribute EMPTY><!ELEMENT device (channel | attribute | debug-attribute | buffer-attribute)*>\
        <!ELEMENT channel (scan-element?, attribute*)><!ELEMENT attribute EMPTY><!ELEMENT scan-element EMPTY>\
        <!ELEMENT debug-attribute EMPTY><!ELEMENT buffer-attribute EMPTY><!ATTLIST context name CDATA #REQUIRED \
        version-major CDATA #REQUIRED version-minor CDATA #REQUIRED version-git CDATA #REQUIRED description CDATA \
        #IMPLIED><!ATTLIST context-attribute name CDATA #REQUIRED value CDATA #REQUIRED><!ATTLIST device id CDATA \
        #REQUIRED name CDATA #IMPLIED label CDATA #IMPLIED><!ATTLIST channel id CDATA #REQUIRED type (input|output) \
        #REQUIRED name CDATA #IMPLIED><!ATTLIST scan-element index CDATA #REQUIRED format CDATA #REQUIRED scale CDATA \
        #IMPLIED><!ATTLIST attribute name CDATA #REQUIRED filename CDATA #IMPLIED><!ATTLIST debug-attribute name CDATA \
        #REQUIRED><!ATTLIST buffer-attribute name CDATA #REQUIRED>]>
        """

    static func render(_ fixture: IIOFixture) -> String {
        var out = header
        out += "<context name=\"local\" version-major=\"\(IIODVersion.major)\" version-minor=\"\(IIODVersion.minor)\" "
        out += "version-git=\"\(IIODVersion.git)\" description=\"\(escape(fixture.description))\" >"
        for attribute in fixture.contextAttributeList {
            out += "<context-attribute name=\"\(escape(attribute.name))\" value=\"\(escape(attribute.value))\" />"
        }
        for device in fixture.devices {
            out += "<device id=\"\(escape(device.id))\" name=\"\(escape(device.name))\" "
            if let label = device.label { out += "label=\"\(escape(label))\" " }
            out += ">"
            for channel in device.channels { out += render(channel) }
            for attribute in device.attributes where attribute.isListed {
                out += "<attribute name=\"\(escape(attribute.name))\" />"
            }
            for attribute in device.bufferAttributes where attribute.isListed {
                out += "<buffer-attribute name=\"\(escape(attribute.name))\" />"
            }
            for attribute in device.debugAttributes where attribute.isListed {
                out += "<debug-attribute name=\"\(escape(attribute.name))\" />"
            }
            out += "</device>"
        }
        out += "</context>"
        return out
    }

    private static func render(_ channel: FixtureChannel) -> String {
        var out = "<channel id=\"\(escape(channel.id))\" type=\"\(channel.isOutput ? "output" : "input")\" >"
        if let index = channel.scanIndex, let format = channel.scanFormat {
            out += "<scan-element index=\"\(index)\" format=\"\(escape(format.xmlString))\" "
            // The local backend reads the channel's `scale` once with strtof and libiio prints it with %f.
            if let scale = channel.attribute("scale"), scale.readError == nil, let value = Float(scale.value) {
                out += "scale=\"\(String(format: "%f", Double(value)))\" "
            }
            out += "/>"
        }
        for attribute in channel.attributes where attribute.isListed {
            out += "<attribute name=\"\(escape(attribute.name))\" "
            if let filename = attribute.filename { out += "filename=\"\(escape(filename))\" " }
            out += "/>"
        }
        out += "</channel>"
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
