/// Hand-written context descriptions for libiio's `xml:` backend, which the IIO and CLI tests open.
public enum LibiioContextXML {
    /// The XML declaration and document type a context description starts with (the form without libiio 0.24's
    /// version attributes, which the backend accepts too), ending in a newline: `header + "<context …>…</context>"`.
    public static let header = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE context [<!ELEMENT context (device | context-attribute)*><!ELEMENT context-attribute EMPTY>\
        <!ELEMENT device (channel | attribute | debug-attribute | buffer-attribute)*>\
        <!ELEMENT channel (scan-element?, attribute*)><!ELEMENT attribute EMPTY><!ELEMENT scan-element EMPTY>\
        <!ELEMENT debug-attribute EMPTY><!ELEMENT buffer-attribute EMPTY>\
        <!ATTLIST context name CDATA #REQUIRED description CDATA #IMPLIED>\
        <!ATTLIST context-attribute name CDATA #REQUIRED value CDATA #REQUIRED>\
        <!ATTLIST device id CDATA #REQUIRED name CDATA #IMPLIED label CDATA #IMPLIED>\
        <!ATTLIST channel id CDATA #REQUIRED type (input|output) #REQUIRED name CDATA #IMPLIED>\
        <!ATTLIST scan-element index CDATA #REQUIRED format CDATA #REQUIRED scale CDATA #IMPLIED>\
        <!ATTLIST attribute name CDATA #REQUIRED filename CDATA #IMPLIED value CDATA #IMPLIED>\
        <!ATTLIST debug-attribute name CDATA #REQUIRED value CDATA #IMPLIED>\
        <!ATTLIST buffer-attribute name CDATA #REQUIRED value CDATA #IMPLIED>]>

        """
}
