import CFcft
import CPixman
import CPNG
import Glibc

/// A decoded picture (premultiplied ARGB) that entries can show: icons, backgrounds.
public final class Image: @unchecked Sendable {
    let pixman: OpaquePointer
    public let width: Int
    public let height: Int
    private var scaledCache: [Int64: OpaquePointer] = [:]
    private let cacheLock = Lock()

    init(pixman: OpaquePointer) {
        self.pixman = pixman
        width = Int(pixman_image_get_width(pixman))
        height = Int(pixman_image_get_height(pixman))
    }

    deinit {
        pixman_image_unref(pixman)
        for image in scaledCache.values { pixman_image_unref(image) }
    }

    /// Decodes a PNG file. Throws a `.resource` error naming the file and the reason.
    public convenience init(contentsOfPNG path: String) throws {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw Image.error(path, &image)
        }
        image.format = 0x13   // PNG_FORMAT_BGRA: colour | alpha | BGR order, 8 bits
        let width = Int32(image.width), height = Int32(image.height)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            png_image_free(&image)
            throw EntryKitError(.resource, "The icon \(path) has an unusable size (\(width)×\(height)).")
        }
        guard let pixman = pixman_image_create_bits(formatARGB32, width, height, nil, 0) else {
            png_image_free(&image)
            throw EntryKitError(.resource, "Out of memory decoding the icon \(path).")
        }
        let stride = pixman_image_get_stride(pixman)
        let bits = pixman_image_get_data(pixman)!
        guard png_image_finish_read(&image, nil, bits, stride, nil) != 0 else {
            pixman_image_unref(pixman)
            throw Image.error(path, &image)
        }
        // libpng hands straight alpha; pixman composites premultiplied.
        let count = Int(stride / 4) * Int(height)
        for i in 0..<count {
            let p = bits[i]
            let a = p >> 24
            if a == 255 { continue }
            let r = ((p >> 16) & 0xff) * a / 255, g = ((p >> 8) & 0xff) * a / 255, b = (p & 0xff) * a / 255
            bits[i] = a << 24 | r << 16 | g << 8 | b
        }
        self.init(pixman: pixman)
    }

    private static func error(_ path: String, _ image: inout png_image) -> EntryKitError {
        let reason = withUnsafeBytes(of: &image.message) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        png_image_free(&image)
        let readable = access(path, R_OK) == 0
        return EntryKitError(.resource,
            "The icon \(path) could not be read: \(readable ? reason : String(cString: strerror(errno))).")
    }

    /// This image resampled to `width`×`height` pixels, made once per size.
    func scaled(width: Int32, height: Int32) -> OpaquePointer {
        if Int(width) == self.width && Int(height) == self.height { return pixman }
        let key = Int64(width) << 32 | Int64(height)
        return cacheLock.withLock {
            if let cached = scaledCache[key] { return cached }
            let out = pixman_image_create_bits(formatARGB32, width, height, nil, 0)!
            // Halve with bilinear until within 2× of the target: plain bilinear would
            // skip source pixels when shrinking a large icon and alias.
            var source = pixman
            pixman_image_ref(source)
            var sw = Int32(self.width), sh = Int32(self.height)
            while sw > width * 2 || sh > height * 2 {
                let nw = max(width, sw / 2), nh = max(height, sh / 2)
                let half = resample(source, from: (sw, sh), to: (nw, nh))
                pixman_image_unref(source)
                source = half
                sw = nw
                sh = nh
            }
            let final = resample(source, from: (sw, sh), to: (width, height))
            pixman_image_unref(source)
            pixman_image_composite32(PIXMAN_OP_SRC, final, nil, out, 0, 0, 0, 0, 0, 0, width, height)
            pixman_image_unref(final)
            scaledCache[key] = out
            return out
        }
    }

    private func resample(_ source: OpaquePointer, from: (Int32, Int32), to: (Int32, Int32)) -> OpaquePointer {
        let out = pixman_image_create_bits(formatARGB32, to.0, to.1, nil, 0)!
        var transform = pixman_transform()
        pixman_transform_init_scale(&transform, fixed(Double(from.0) / Double(to.0)), fixed(Double(from.1) / Double(to.1)))
        pixman_image_set_transform(source, &transform)
        pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(PIXMAN_OP_SRC, source, nil, out, 0, 0, 0, 0, 0, 0, to.0, to.1)
        pixman_image_set_transform(source, nil)
        pixman_image_set_repeat(source, PIXMAN_REPEAT_NONE)
        pixman_image_set_filter(source, PIXMAN_FILTER_NEAREST, nil, 0)
        return out
    }
}

/// Images compare by identity: the same decoded picture.
extension Image: Equatable {
    public static func == (a: Image, b: Image) -> Bool { a === b }
}
