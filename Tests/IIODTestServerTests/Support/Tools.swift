import TestSupport

/// Whether the stock libiio tools (and iiod) the comparison tests run are installed.
enum Tools {
    static var haveLibiioUtils: Bool {
        Subprocess.locate("iio_info") != nil && Subprocess.locate("iio_attr") != nil
            && Subprocess.locate("iio_readdev") != nil
    }
    static var haveIIOD: Bool { Subprocess.locate("iiod") != nil }
}
