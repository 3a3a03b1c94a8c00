/// The code lists behind the predefined substitution variables `$(region)` and `$(lang)` (L13).
///
/// Apple defines them as "All ISO regions in isoRegionCodes" and "All ISO languages in
/// isoLanguageCodes". This model embeds the standards those lists come from, as data:
///
/// - ``regions``: the 249 officially assigned ISO 3166-1 alpha-2 codes. It was produced on Linux
///   from swift-foundation's `Locale.Region.isoRegions` (CLDR data through ICU), keeping two-letter
///   codes and dropping the ones that are not ISO 3166-1 assignments: the exceptionally reserved
///   `AC`, `CP`, `CQ`, `DG`, `EA`, `IC`, `TA`, the user-assigned `XK`, and the groupings `EU`,
///   `EZ`, `QO`, `UN`. Apple's `isoRegionCodes` keeps some of those, so `$(region)` here does not
///   match `AC` or `XK` where a device might. `UK` is in neither (the United Kingdom is `GB`).
/// - ``languages``: the 182 two-letter ISO 639-1 codes, from swift-foundation's
///   `Locale.LanguageCode.isoLanguageCodes` filtered to two letters. Apple's `isoLanguageCodes`
///   also lists three-letter ISO 639-2 codes (such as `haw`), which `$(lang)` here does not match.
///
/// ```swift
/// ISOCodes.regions.contains("GB")     // true
/// ISOCodes.regions.contains("UK")     // false
/// ISOCodes.languages.contains("en")   // true
/// ```
public enum ISOCodes {
  /// Where the lists come from, for people reading a trace.
  public static let source = "ISO 3166-1 alpha-2 (249 assigned codes) and ISO 639-1 (182 codes), as CLDR lists them"

  /// ISO 3166-1 alpha-2, uppercase, sorted.
  public static let regions: [String] = [
    "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ",
    "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS",
    "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN",
    "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE",
    "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF",
    "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM",
    "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM",
    "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC",
    "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
    "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA",
    "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG",
    "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW",
    "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS",
    "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO",
    "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
    "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
  ]

  /// ISO 639-1, lowercase, sorted.
  public static let languages: [String] = [
    "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bi",
    "bm", "bn", "bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da", "de",
    "dv", "dz", "ee", "el", "en", "eo", "es", "et", "eu", "fa", "ff", "fi", "fj", "fo", "fr", "fy",
    "ga", "gd", "gl", "gn", "gu", "gv", "ha", "he", "hi", "ho", "hr", "ht", "hu", "hy", "hz", "ia",
    "id", "ie", "ig", "ii", "ik", "io", "is", "it", "iu", "ja", "jv", "ka", "kg", "ki", "kj", "kk",
    "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw", "ky", "la", "lb", "lg", "li", "ln", "lo",
    "lt", "lu", "lv", "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms", "mt", "my", "na", "nb", "nd",
    "ne", "ng", "nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om", "or", "os", "pa", "pi", "pl",
    "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc", "sd", "se", "sg", "si", "sk", "sl",
    "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw", "ta", "te", "tg", "th", "ti", "tk",
    "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi", "vo", "wa", "wo",
    "xh", "yi", "yo", "za", "zh", "zu",
  ]
}
