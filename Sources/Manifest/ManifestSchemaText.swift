// swift-format-ignore-file
// Generated from schema/manifest.schema.json by `make schema`; do not edit by hand.
// ManifestSchemaCheckTests fails when the two differ.

extension ManifestSchema {
  /// The JSON Schema of catalogues and variant records, as shipped in `schema/`.
  public static let text = ##"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "urn:prep:manifest:3",
  "title": "prep manifest",
  "description": "A prep catalogue (manifest.json, loaded once by a player: chapters, narrators and variants, no verse text or timings), a chapter file (chapters/<chapter>.<narrator>.json, fetched when a chapter is opened: verse text, timings once per rate, files), or one variant record written by prep render. Times are integer frames with their sampleRate beside them; milliseconds are added for players. Paths are relative to the catalogue's folder (for a chapter file, the folder above chapters/).",
  "oneOf": [
    {
      "$ref": "#/$defs/catalogue"
    },
    {
      "$ref": "#/$defs/chapterFile"
    },
    {
      "$ref": "#/$defs/variantRecord"
    }
  ],
  "$defs": {
    "spokenText": {
      "description": "A label read by a screen reader: no clock strings (2:03) and no numbers run together (1 6).",
      "type": "string",
      "minLength": 1,
      "not": {
        "anyOf": [
          {
            "pattern": "[0-9]:[0-9]"
          },
          {
            "pattern": "[0-9] +[0-9]"
          }
        ]
      }
    },
    "relativePath": {
      "description": "A path relative to the manifest's folder that stays inside it: / separators, no leading /, no . or .. segments, no empty segments.",
      "type": "string",
      "minLength": 1,
      "not": {
        "anyOf": [
          {
            "pattern": "^/"
          },
          {
            "pattern": "\\\\"
          },
          {
            "pattern": "(^|/)\\.{1,2}(/|$)"
          },
          {
            "pattern": "//"
          }
        ]
      }
    },
    "sampleRate": {
      "type": "integer",
      "minimum": 8000,
      "maximum": 384000
    },
    "rate": {
      "type": "number",
      "minimum": 0.5,
      "maximum": 3
    },
    "narrator": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "name"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "name": {
          "type": "string",
          "minLength": 1
        }
      }
    },
    "chapterSpoken": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "end",
        "start",
        "title"
      ],
      "properties": {
        "title": {
          "$ref": "#/$defs/spokenText"
        },
        "start": {
          "$ref": "#/$defs/spokenText"
        },
        "end": {
          "$ref": "#/$defs/spokenText"
        }
      }
    },
    "verse": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "label",
        "reference",
        "spoken",
        "text"
      ],
      "properties": {
        "reference": {
          "type": "string",
          "minLength": 1
        },
        "label": {
          "type": "string",
          "minLength": 1
        },
        "text": {
          "type": "string",
          "minLength": 1
        },
        "spoken": {
          "$ref": "#/$defs/spokenText"
        },
        "firstVerse": {
          "type": "integer",
          "minimum": 0
        },
        "lastVerse": {
          "type": "integer",
          "minimum": 0
        }
      }
    },
    "heading": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "beforeVerse",
        "kind",
        "text"
      ],
      "properties": {
        "kind": {
          "enum": [
            "sectionHeading",
            "superscription",
            "title"
          ]
        },
        "text": {
          "type": "string",
          "minLength": 1
        },
        "beforeVerse": {
          "type": "integer",
          "minimum": 0
        }
      }
    },
    "chapter": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "headings",
        "id",
        "narrators",
        "spoken",
        "title",
        "verses"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "title": {
          "type": "string",
          "minLength": 1
        },
        "spoken": {
          "$ref": "#/$defs/chapterSpoken"
        },
        "verses": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/verse"
          },
          "minItems": 1
        },
        "headings": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/heading"
          }
        },
        "narrators": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/narratorEntry"
          }
        },
        "book": {
          "type": "string",
          "minLength": 1
        },
        "chapter": {
          "type": "integer",
          "minimum": 0
        }
      }
    },
    "narratorEntry": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "name",
        "variants"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "name": {
          "type": "string",
          "minLength": 1
        },
        "variants": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/variant"
          },
          "minItems": 1
        }
      }
    },
    "variantSpoken": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "bed",
        "label",
        "rate"
      ],
      "properties": {
        "label": {
          "$ref": "#/$defs/spokenText"
        },
        "rate": {
          "$ref": "#/$defs/spokenText"
        },
        "bed": {
          "$ref": "#/$defs/spokenText"
        }
      }
    },
    "verseTiming": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "endFrame",
        "endMilliseconds",
        "onsetFrame",
        "onsetMilliseconds",
        "reference",
        "startFrame",
        "startMilliseconds"
      ],
      "properties": {
        "reference": {
          "type": "string",
          "minLength": 1
        },
        "startFrame": {
          "type": "integer",
          "minimum": 0
        },
        "endFrame": {
          "type": "integer",
          "minimum": 0
        },
        "onsetFrame": {
          "type": "integer",
          "minimum": 0
        },
        "startMilliseconds": {
          "type": "integer",
          "minimum": 0
        },
        "endMilliseconds": {
          "type": "integer",
          "minimum": 0
        },
        "onsetMilliseconds": {
          "type": "integer",
          "minimum": 0
        }
      }
    },
    "headingTiming": {
      "description": "A heading read aloud: every one in the narration; the variant's Audacity labels hold the same rows.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "endFrame",
        "endMilliseconds",
        "label",
        "startFrame",
        "startMilliseconds"
      ],
      "properties": {
        "heading": {
          "type": "integer",
          "minimum": 0
        },
        "label": {
          "type": "string",
          "minLength": 1
        },
        "startFrame": {
          "type": "integer",
          "minimum": 0
        },
        "endFrame": {
          "type": "integer",
          "minimum": 0
        },
        "startMilliseconds": {
          "type": "integer",
          "minimum": 0
        },
        "endMilliseconds": {
          "type": "integer",
          "minimum": 0
        }
      }
    },
    "loudness": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "integratedLUFS",
        "truePeakDBTP"
      ],
      "properties": {
        "integratedLUFS": {
          "type": "number"
        },
        "truePeakDBTP": {
          "type": "number"
        },
        "targetLUFS": {
          "type": "number",
          "minimum": -40,
          "maximum": -5
        }
      }
    },
    "encodedFile": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "channelCount",
        "durationMilliseconds",
        "file",
        "format",
        "frameCount",
        "sampleRate",
        "sha256",
        "sizeBytes"
      ],
      "properties": {
        "format": {
          "type": "string",
          "pattern": "^(wav|wav24|wavf|flac|flac24|mp3-cbr-[0-9]+|mp3-vbr-[0-9]|opus-[0-9]+|vorbis)$"
        },
        "file": {
          "$ref": "#/$defs/relativePath"
        },
        "sizeBytes": {
          "type": "integer",
          "minimum": 0
        },
        "sha256": {
          "type": "string",
          "pattern": "^[0-9a-f]{64}$"
        },
        "sampleRate": {
          "$ref": "#/$defs/sampleRate"
        },
        "channelCount": {
          "type": "integer",
          "minimum": 1,
          "maximum": 8
        },
        "frameCount": {
          "type": "integer",
          "minimum": 0
        },
        "durationMilliseconds": {
          "type": "integer",
          "minimum": 0
        },
        "loudness": {
          "$ref": "#/$defs/loudness"
        }
      }
    },
    "sidecars": {
      "type": "object",
      "additionalProperties": false,
      "required": [],
      "properties": {
        "webVTT": {
          "$ref": "#/$defs/sidecarFile"
        },
        "podcastChapters": {
          "$ref": "#/$defs/sidecarFile"
        },
        "audacityLabels": {
          "$ref": "#/$defs/sidecarFile"
        },
        "dbpTimestamps": {
          "$ref": "#/$defs/sidecarFile"
        }
      }
    },
    "gainPoint": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "frame",
        "gainDB",
        "milliseconds"
      ],
      "properties": {
        "frame": {
          "type": "integer",
          "minimum": 0
        },
        "milliseconds": {
          "type": "integer",
          "minimum": 0
        },
        "gainDB": {
          "type": "number",
          "minimum": -120,
          "maximum": 24
        }
      }
    },
    "gainTrack": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "interpolation",
        "points",
        "sampleRate"
      ],
      "properties": {
        "interpolation": {
          "const": "linear-dB"
        },
        "sampleRate": {
          "$ref": "#/$defs/sampleRate"
        },
        "points": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/gainPoint"
          },
          "minItems": 1
        }
      }
    },
    "stem": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "files",
        "startFrame"
      ],
      "properties": {
        "files": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/encodedFile"
          },
          "minItems": 1
        },
        "startFrame": {
          "type": "integer",
          "minimum": 0
        },
        "loopSeamFrames": {
          "type": "array",
          "items": {
            "type": "integer",
            "minimum": 0
          }
        }
      }
    },
    "stems": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "bed",
        "bedGain",
        "voice"
      ],
      "properties": {
        "voice": {
          "$ref": "#/$defs/stem"
        },
        "bed": {
          "$ref": "#/$defs/stem"
        },
        "bedGain": {
          "$ref": "#/$defs/gainTrack"
        }
      }
    },
    "variant": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "durationMilliseconds",
        "files",
        "frameCount",
        "headingTimings",
        "id",
        "rate",
        "sampleRate",
        "sidecars",
        "spoken",
        "timings"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "rate": {
          "$ref": "#/$defs/rate"
        },
        "sampleRate": {
          "$ref": "#/$defs/sampleRate"
        },
        "frameCount": {
          "type": "integer",
          "minimum": 0
        },
        "durationMilliseconds": {
          "type": "integer",
          "minimum": 0
        },
        "spoken": {
          "$ref": "#/$defs/variantSpoken"
        },
        "timings": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/verseTiming"
          },
          "minItems": 1
        },
        "headingTimings": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/headingTiming"
          }
        },
        "files": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/encodedFile"
          }
        },
        "sidecars": {
          "$ref": "#/$defs/sidecars"
        },
        "bed": {
          "type": "string",
          "minLength": 1
        },
        "stems": {
          "$ref": "#/$defs/stems"
        }
      }
    },
    "bed": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "crossfadeFrames",
        "frameCount",
        "id",
        "loopEndFrame",
        "loopStartFrame",
        "name",
        "sampleRate",
        "source",
        "spoken"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "name": {
          "type": "string",
          "minLength": 1
        },
        "source": {
          "type": "string",
          "minLength": 1
        },
        "sampleRate": {
          "$ref": "#/$defs/sampleRate"
        },
        "frameCount": {
          "type": "integer",
          "minimum": 1
        },
        "loopStartFrame": {
          "type": "integer",
          "minimum": 0
        },
        "loopEndFrame": {
          "type": "integer",
          "minimum": 1
        },
        "crossfadeFrames": {
          "type": "integer",
          "minimum": 1
        },
        "spoken": {
          "$ref": "#/$defs/spokenText"
        }
      }
    },
    "playlist": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "file",
        "format",
        "narrator",
        "rate",
        "spoken"
      ],
      "properties": {
        "narrator": {
          "type": "string",
          "minLength": 1
        },
        "rate": {
          "$ref": "#/$defs/rate"
        },
        "format": {
          "type": "string",
          "minLength": 1
        },
        "file": {
          "allOf": [
            {
              "$ref": "#/$defs/relativePath"
            },
            {
              "pattern": "\\.m3u$"
            }
          ]
        },
        "spoken": {
          "$ref": "#/$defs/spokenText"
        },
        "bed": {
          "type": "string",
          "minLength": 1
        }
      }
    },
    "catalogue": {
      "description": "The top-level catalogue: its size grows with chapters × narrators × variants, not with verses.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "beds",
        "chapters",
        "generator",
        "kind",
        "narrators",
        "playlists",
        "schemaVersion",
        "variants"
      ],
      "properties": {
        "kind": {
          "const": "catalogue"
        },
        "schemaVersion": {
          "const": 3
        },
        "generator": {
          "type": "string",
          "minLength": 1
        },
        "narrators": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/narrator"
          }
        },
        "variants": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/catalogueVariant"
          }
        },
        "chapters": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/catalogueChapter"
          }
        },
        "beds": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/bed"
          }
        },
        "playlists": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/playlist"
          }
        },
        "title": {
          "type": "string",
          "minLength": 1
        }
      }
    },
    "variantRecord": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "chapter",
        "generator",
        "kind",
        "narrator",
        "schemaVersion",
        "variant"
      ],
      "properties": {
        "kind": {
          "const": "variant"
        },
        "schemaVersion": {
          "const": 2
        },
        "generator": {
          "type": "string",
          "minLength": 1
        },
        "chapter": {
          "$ref": "#/$defs/chapter"
        },
        "narrator": {
          "$ref": "#/$defs/narrator"
        },
        "variant": {
          "$ref": "#/$defs/variant"
        },
        "bed": {
          "$ref": "#/$defs/bed"
        }
      }
    },
    "sidecarFile": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "file",
        "sha256",
        "sizeBytes"
      ],
      "properties": {
        "file": {
          "$ref": "#/$defs/relativePath"
        },
        "sizeBytes": {
          "type": "integer",
          "minimum": 0
        },
        "sha256": {
          "type": "string",
          "pattern": "^[0-9a-f]{64}$"
        }
      }
    },
    "catalogueVariant": {
      "description": "A variant kind (rate × bed), listed once.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "rate",
        "spoken"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "rate": {
          "$ref": "#/$defs/rate"
        },
        "bed": {
          "type": "string",
          "minLength": 1
        },
        "spoken": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "bed",
            "rate"
          ],
          "properties": {
            "rate": {
              "$ref": "#/$defs/spokenText"
            },
            "bed": {
              "$ref": "#/$defs/spokenText"
            }
          }
        }
      }
    },
    "catalogueChapter": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "id",
        "narrators",
        "spoken",
        "title",
        "verseCount"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "book": {
          "type": "string",
          "minLength": 1
        },
        "chapter": {
          "type": "integer",
          "minimum": 0
        },
        "title": {
          "type": "string",
          "minLength": 1
        },
        "spoken": {
          "$ref": "#/$defs/chapterSpoken"
        },
        "verseCount": {
          "type": "integer",
          "minimum": 1
        },
        "narrators": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/catalogueNarrator"
          },
          "minItems": 1
        }
      }
    },
    "catalogueNarrator": {
      "description": "One narrator's reading of a chapter: the chapter file a player fetches when the chapter is opened, and the variant ids it holds.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "chapterFile",
        "id",
        "variants"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "chapterFile": {
          "allOf": [
            {
              "$ref": "#/$defs/sidecarFile"
            },
            {
              "properties": {
                "file": {
                  "pattern": "\\.json$"
                }
              }
            }
          ]
        },
        "variants": {
          "type": "array",
          "items": {
            "type": "string",
            "minLength": 1
          },
          "minItems": 1
        }
      }
    },
    "rateTimings": {
      "description": "Where the verses are at one rate; a variant's timings are these plus its timingOffsetFrames.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "headings",
        "rate",
        "sampleRate",
        "verses"
      ],
      "properties": {
        "rate": {
          "$ref": "#/$defs/rate"
        },
        "sampleRate": {
          "$ref": "#/$defs/sampleRate"
        },
        "verses": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/verseTiming"
          },
          "minItems": 1
        },
        "headings": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/headingTiming"
          }
        }
      }
    },
    "chapterVariant": {
      "description": "A variant in a chapter file: files, sidecars and stems; its timings are its rate's plus timingOffsetFrames.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "durationMilliseconds",
        "files",
        "frameCount",
        "id",
        "rate",
        "sampleRate",
        "sidecars",
        "spoken",
        "timingOffsetFrames"
      ],
      "properties": {
        "id": {
          "type": "string",
          "minLength": 1
        },
        "rate": {
          "$ref": "#/$defs/rate"
        },
        "sampleRate": {
          "$ref": "#/$defs/sampleRate"
        },
        "frameCount": {
          "type": "integer",
          "minimum": 0
        },
        "durationMilliseconds": {
          "type": "integer",
          "minimum": 0
        },
        "spoken": {
          "$ref": "#/$defs/variantSpoken"
        },
        "files": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/encodedFile"
          }
        },
        "sidecars": {
          "$ref": "#/$defs/sidecars"
        },
        "bed": {
          "type": "string",
          "minLength": 1
        },
        "stems": {
          "$ref": "#/$defs/stems"
        },
        "timingOffsetFrames": {
          "type": "integer",
          "minimum": 0
        }
      }
    },
    "chapterFile": {
      "description": "One chapter read by one narrator: verse text, timings once per rate, every variant's files.",
      "type": "object",
      "additionalProperties": false,
      "required": [
        "chapter",
        "generator",
        "kind",
        "narrator",
        "schemaVersion",
        "timings",
        "variants"
      ],
      "properties": {
        "kind": {
          "const": "chapter"
        },
        "schemaVersion": {
          "const": 3
        },
        "generator": {
          "type": "string",
          "minLength": 1
        },
        "chapter": {
          "$ref": "#/$defs/chapter"
        },
        "narrator": {
          "$ref": "#/$defs/narrator"
        },
        "timings": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/rateTimings"
          },
          "minItems": 1
        },
        "variants": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/chapterVariant"
          },
          "minItems": 1
        }
      }
    }
  }
}
"""##
}
