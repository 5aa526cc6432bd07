// swift-format-ignore-file
// Generated from schema/manifest.schema.json by `make schema`; do not edit by hand.
// ManifestSchemaCheckTests fails when the two differ.

extension ManifestSchema {
  /// The JSON Schema of catalogues and variant records, as shipped in `schema/`.
  public static let text = ##"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "urn:prep:manifest:2",
  "title": "prep manifest",
  "description": "A prep catalogue (manifest.json, loaded once by a player) or one variant record written by prep render. Times are integer frames with their sampleRate beside them; milliseconds are added for players. Paths are relative to the manifest's folder.",
  "oneOf": [
    {
      "$ref": "#/$defs/catalogue"
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
      "type": "object",
      "additionalProperties": false,
      "required": [
        "beds",
        "chapters",
        "generator",
        "kind",
        "playlists",
        "schemaVersion"
      ],
      "properties": {
        "kind": {
          "const": "catalogue"
        },
        "schemaVersion": {
          "const": 2
        },
        "generator": {
          "type": "string",
          "minLength": 1
        },
        "chapters": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/chapter"
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
    }
  }
}
"""##
}
