//! A small, strict XML 1.0 reader for the tests (std only): what `show
//! --svg` writes must be well-formed, or browsers show an error page
//! instead of the picture. It accepts an XML declaration, elements,
//! attributes in either quotes, character data, the five predefined
//! entities, character references and comments; it refuses anything else
//! (DOCTYPE, CDATA, processing instructions), mismatched or unclosed tags,
//! doubled attributes, a raw `<` or a stray `&` in text or values, control
//! characters, namespace prefixes not declared, and anything but comments
//! and white space around the one root element.

/// An element: its name, its attributes in order, its children.
#[derive(Debug)]
pub struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    pub children: Vec<Node>,
}

/// A child of an element.
#[derive(Debug)]
pub enum Node {
    Element(Element),
    Text(String),
}

impl Element {
    /// The value of attribute `name`, if given.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The child elements.
    pub fn elements(&self) -> impl Iterator<Item = &Element> {
        self.children.iter().filter_map(|c| match c {
            Node::Element(e) => Some(e),
            Node::Text(_) => None,
        })
    }

    /// This element and every element inside it, depth first.
    pub fn descendants(&self) -> Vec<&Element> {
        let mut all = vec![self];
        for child in self.elements() {
            all.extend(child.descendants());
        }
        all
    }

    /// Its text, children's included.
    pub fn text(&self) -> String {
        self.children
            .iter()
            .map(|c| match c {
                Node::Element(e) => e.text(),
                Node::Text(t) => t.clone(),
            })
            .collect()
    }
}

/// Parses `text` as a whole XML document: its root element, or what is
/// wrong and where (a byte offset).
pub fn parse(text: &str) -> Result<Element, String> {
    let mut reader = Reader {
        text,
        pos: 0,
        prefixes: vec![vec!["xml".to_string(), "xmlns".to_string()]],
    };
    reader.document()
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
    /// The namespace prefixes declared, one list per open element.
    prefixes: Vec<Vec<String>>,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    fn fail<T>(&self, what: &str) -> Result<T, String> {
        let near: String = self.rest().chars().take(30).collect();
        Err(format!("byte {}: {what} (at {near:?})", self.pos))
    }

    fn eat(&mut self, prefix: &str) -> bool {
        let found = self.rest().starts_with(prefix);
        if found {
            self.pos += prefix.len();
        }
        found
    }

    fn space(&mut self) -> bool {
        let before = self.pos;
        while self.rest().starts_with([' ', '\t', '\n', '\r']) {
            self.pos += 1;
        }
        self.pos > before
    }

    fn document(&mut self) -> Result<Element, String> {
        if self.eat("<?xml") {
            let Some(end) = self.rest().find("?>") else {
                return self.fail("unterminated XML declaration");
            };
            let declaration = &self.rest()[..end];
            if !declaration.trim_start().starts_with("version=\"1.0\"") {
                return self.fail("the XML declaration must start with version=\"1.0\"");
            }
            self.pos += end + 2;
        }
        self.misc()?;
        if !self.rest().starts_with('<') {
            return self.fail("expected the root element");
        }
        let root = self.element()?;
        self.misc()?;
        if !self.rest().is_empty() {
            return self.fail("content after the root element");
        }
        Ok(root)
    }

    /// White space and comments, between the prolog's parts.
    fn misc(&mut self) -> Result<(), String> {
        loop {
            self.space();
            if self.rest().starts_with("<!--") {
                self.comment()?;
            } else if self.rest().starts_with("<!") || self.rest().starts_with("<?") {
                return self.fail("DOCTYPE, CDATA and processing instructions are not expected");
            } else {
                return Ok(());
            }
        }
    }

    fn comment(&mut self) -> Result<(), String> {
        self.pos += 4;
        let Some(end) = self.rest().find("--") else {
            return self.fail("unterminated comment");
        };
        self.check_chars(&self.rest()[..end])?;
        self.pos += end;
        if !self.eat("-->") {
            return self.fail("'--' inside a comment");
        }
        Ok(())
    }

    fn name(&mut self) -> Result<String, String> {
        let start = |c: char| c.is_alphabetic() || c == '_' || c == ':';
        let more = |c: char| start(c) || c.is_ascii_digit() || c == '-' || c == '.';
        if !self.rest().starts_with(start) {
            return self.fail("expected a name");
        }
        let len = self
            .rest()
            .find(|c: char| !more(c))
            .unwrap_or(self.rest().len());
        let name = self.rest()[..len].to_string();
        self.pos += len;
        Ok(name)
    }

    fn element(&mut self) -> Result<Element, String> {
        self.pos += 1; // '<'
        let name = self.name()?;
        let mut attributes: Vec<(String, String)> = Vec::new();
        let empty = loop {
            let spaced = self.space();
            if self.eat("/>") {
                break true;
            }
            if self.eat(">") {
                break false;
            }
            if !spaced {
                return self.fail("expected white space, '>' or '/>'");
            }
            let attribute = self.name()?;
            if attributes.iter().any(|(n, _)| *n == attribute) {
                return self.fail(&format!("attribute {attribute} given twice"));
            }
            self.space();
            if !self.eat("=") {
                return self.fail("expected '='");
            }
            self.space();
            let quote = match self.rest().chars().next() {
                Some(q @ ('"' | '\'')) => q,
                _ => return self.fail("expected a quoted value"),
            };
            self.pos += 1;
            let Some(end) = self.rest().find(quote) else {
                return self.fail("unterminated attribute value");
            };
            let raw = self.rest()[..end].to_string();
            if raw.contains('<') {
                return self.fail("'<' in an attribute value");
            }
            let value = self.unescape(&raw)?;
            self.pos += end + 1;
            attributes.push((attribute, value));
        };
        let declared = attributes
            .iter()
            .filter_map(|(n, _)| n.strip_prefix("xmlns:").map(str::to_string))
            .collect();
        self.prefixes.push(declared);
        for used in std::iter::once(&name).chain(attributes.iter().map(|(n, _)| n)) {
            if let Some((prefix, _)) = used.split_once(':') {
                if !self.prefixes.iter().flatten().any(|p| p == prefix) {
                    return self.fail(&format!("namespace prefix {prefix} not declared"));
                }
            }
        }
        let mut element = Element {
            name,
            attributes,
            children: Vec::new(),
        };
        if !empty {
            self.content(&mut element)?;
        }
        self.prefixes.pop();
        Ok(element)
    }

    /// An element's content, through its end tag.
    fn content(&mut self, element: &mut Element) -> Result<(), String> {
        loop {
            let Some(next) = self.rest().find('<') else {
                return self.fail(&format!("<{}> not closed", element.name));
            };
            if next > 0 {
                let raw = self.rest()[..next].to_string();
                if raw.contains("]]>") {
                    return self.fail("']]>' in character data");
                }
                let text = self.unescape(&raw)?;
                self.pos += next;
                element.children.push(Node::Text(text));
            }
            if self.eat("</") {
                let name = self.name()?;
                self.space();
                if name != element.name || !self.eat(">") {
                    return self.fail(&format!("expected </{}>", element.name));
                }
                return Ok(());
            } else if self.rest().starts_with("<!--") {
                self.comment()?;
            } else if self.rest().starts_with("<!") || self.rest().starts_with("<?") {
                return self.fail("CDATA and processing instructions are not expected");
            } else {
                let child = self.element()?;
                element.children.push(Node::Element(child));
            }
        }
    }

    /// `raw` with its entity and character references replaced; a stray
    /// `&` or a character XML does not allow is an error.
    fn unescape(&self, raw: &str) -> Result<String, String> {
        self.check_chars(raw)?;
        let mut out = String::new();
        let mut rest = raw;
        while let Some(amp) = rest.find('&') {
            out.push_str(&rest[..amp]);
            let Some(semi) = rest[amp..].find(';') else {
                return self.fail("'&' without ';'");
            };
            let entity = &rest[amp + 1..amp + semi];
            let c = match entity {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                _ => {
                    let code = if let Some(hex) = entity.strip_prefix("#x") {
                        u32::from_str_radix(hex, 16).ok()
                    } else if let Some(dec) = entity.strip_prefix('#') {
                        dec.parse().ok()
                    } else {
                        None
                    };
                    match code.and_then(char::from_u32) {
                        Some(c) if allowed(c) => c,
                        _ => return self.fail(&format!("unknown entity &{entity};")),
                    }
                }
            };
            out.push(c);
            rest = &rest[amp + semi + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }

    fn check_chars(&self, text: &str) -> Result<(), String> {
        match text.chars().find(|&c| !allowed(c)) {
            Some(c) => self.fail(&format!("character {:?} is not allowed in XML", c)),
            None => Ok(()),
        }
    }
}

/// Whether XML 1.0 allows `c` in a document.
fn allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r') || ((c as u32) >= 0x20 && !matches!(c as u32, 0xFFFE | 0xFFFF))
}

#[test]
fn the_xml_reader_refuses_what_is_not_well_formed() {
    let good =
        r#"<?xml version="1.0"?><a xmlns:x="u" x:b='1 &amp; 2'><!-- c --><b/>t&#x41;&lt;</a>"#;
    let root = parse(good).unwrap();
    assert_eq!(root.attribute("x:b"), Some("1 & 2"));
    assert_eq!(root.text(), "tA<");
    for bad in [
        "<a>",
        "<a></b>",
        "<a><b></a></b>",
        "<a b='1' b='2'/>",
        "<a b=1/>",
        "<a b='<'/>",
        "<a>&nbsp;</a>",
        "<a>& b</a>",
        "<a>x < y</a>",
        "<a/><b/>",
        "text<a/>",
        "<a x:b='1'/>",
        "<a>\u{1}</a>",
        "<a><!-- x -- y --></a>",
        "<!DOCTYPE a><a/>",
        "<a b='1'c='2'/>",
        "<a><![CDATA[x]]></a>",
        "<?xml version=\"2.0\"?><a/>",
    ] {
        assert!(parse(bad).is_err(), "accepted {bad:?}");
    }
}
